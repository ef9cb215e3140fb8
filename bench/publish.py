"""`manage.py bench publish`: an event's public side written as static files, and served.

Builds a public 400-player, 31-round division (``bench.pages.build_division``: the last round
half reported), committed so the site's own server can read it, and removed at the end. Then:

1. the full publish to an empty folder (every page in every language, feeds, PDFs, assets);
2. one result recorded as a director records it (``result_record``) and the staged publish
   after it, as the worker runs it: the seconds from the result saved to its standings file
   written by the first stage (goal: under 2 s), and to the whole round written;
3. requests a second for the same standings page from nginx serving the published file, from
   nginx serving a static file of the same bytes, and from the site itself (``manage.py serve``,
   gunicorn, the kept gzipped copy), each read by ``bench.load_clients`` (keep-alive clients in
   one Python process: on a small machine the client, not nginx, may be what limits the first
   two figures; it is the same client for all three).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import close_old_connections

from core.polled.stamps import latest_change
from publishing.services import event_publish
from publishing.touched import touched_since
from tournaments.models import Pairing, TournamentRole
from tournaments.services.results import result_record

from .broadcast_proxy import nginx_binary
from .load import HOST, _free_port, _read, _remove, _start_server, _stop
from .load_http import wait_until_up
from .pages import build_division

PLAYERS = 400
ROUNDS = 31
CLIENTS = 20
SECONDS = 5

# nginx serving a published folder as any web host serves files (the tests serve with it too).
NGINX_CONF = """
worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
{user}
events {{ worker_connections 1024; }}
http {{
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path {tmp}/body;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  server {{
    listen {host}:{port} backlog=1024;
    root {root};
    location / {{ }}
  }}
}}
"""


def bench_publish(players: int = PLAYERS, clients: int = CLIENTS, seconds: int = SECONDS):
    division = build_division(players, ROUNDS)
    director = get_user_model().objects.create_user(f"publish-director-{division.pk}")
    TournamentRole.objects.create(tournament=division.tournament, user=director, role="director")
    folder = Path(tempfile.mkdtemp(prefix="bench-publish-"))
    lines = [f"publish a {players}-player, {ROUNDS}-round event to a folder:"]
    try:
        lines += _rounds(division, director, folder / "www")
        lines += _served(division, folder, clients, seconds)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        _remove(division, director)
    return lines


def _rounds(division, director, root: Path) -> list[str]:
    event = division.tournament
    full = event_publish(event, str(root))
    size = sum(path.stat().st_size for path in root.rglob("*") if path.is_file())
    lines = [
        f"  full publish        {full.seconds:8.2f} s  {full.files} files, "
        f"{size / 2**20:.1f} MiB, {full.sent} sent"
    ]
    again = event_publish(event, str(root))
    lines.append(f"  nothing changed     {again.seconds:8.2f} s  {again.sent} sent")
    return lines + _one_result(division, director, root)


def _one_result(division, director, root: Path) -> list[str]:
    """One result and the staged publish after it, as the worker runs it: the pages the result
    touches first (its standings among them), then the rest of what changed."""
    event = division.tournament
    open_game = Pairing.objects.filter(
        round__division=division, first_score=None, second__isnull=False
    ).first()
    through = latest_change(event.pk)
    standings = root / division.name / "standings" / "index.html"
    old_standings = standings.read_bytes()
    began = time.perf_counter()
    result_record(
        by=director,
        pairing_id=open_game.pk,
        first_score=432,
        second_score=398,
        expected_version=None,
    )
    saved = time.perf_counter()
    cpu = time.process_time()
    touched = touched_since(event.pk, through)  # the worker reads it too, before it publishes
    publishing = time.perf_counter()
    one = event_publish(event, str(root), touched=touched)
    written = time.perf_counter()
    cpu = time.process_time() - cpu
    first_at = publishing - saved + (one.first_stage_seconds or one.seconds)
    changed = "changed" if standings.read_bytes() != old_standings else "UNCHANGED"
    verdict = "ok" if one.first_stage_seconds is not None and first_at < 2 else "SLOW"
    return [
        f"  after one result: result saved in {saved - began:.2f} s, then",
        f"    its standings file  {first_at:8.2f} s  first stage, {one.first_stage_sent} sent "
        f"(standings {changed}); CPU {one.first_stage_cpu_seconds or 0:.2f} s  {verdict}",
        f"    everything          {written - saved:8.2f} s  {one.sent} more sent, "
        f"{one.deleted} deleted, {one.unchanged} unchanged; CPU {cpu:.2f} s in all",
    ]


def _served(division, folder: Path, clients: int, seconds: int) -> list[str]:
    root = folder / "www"
    page = f"{division.name}/standings/index.html"
    copy = root / "bench-static" / "standings.html"
    copy.parent.mkdir()
    shutil.copyfile(root / page, copy)
    lines = [f"  the standings page, {clients} keep-alive clients, {seconds} s each:"]
    port = _free_port()
    nginx = _nginx(folder, root, port)
    try:
        wait_until_up(f"http://{HOST}:{port}/index.html", nginx)
        lines.append(_rate("nginx, published file", port, f"/{page}", clients, seconds))
        lines.append(
            _rate("nginx, static file", port, "/bench-static/standings.html", clients, seconds)
        )
    finally:
        _stop(nginx)
    close_old_connections()
    port = _free_port()
    server = _start_server(port, None)
    try:
        wait_until_up(f"http://{HOST}:{port}/healthz", server)
        slug = division.tournament.slug
        path = f"/t/{slug}/{division.name}/standings/"
        lines.append(_rate("the site (gunicorn)", port, path, clients, seconds))
    finally:
        _stop(server)
    return lines


def _nginx(folder: Path, root: Path, port: int) -> subprocess.Popen:
    user = "user root root;" if os.geteuid() == 0 else ""
    conf = NGINX_CONF.format(tmp=folder, user=user, host=HOST, port=port, root=root)
    (folder / "nginx.conf").write_text(conf)
    process = subprocess.Popen(
        [nginx_binary(), "-p", str(folder), "-c", str(folder / "nginx.conf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    process.log_path = str(folder / "error.log")
    return process


class _Port(str):
    port: int


def _rate(label: str, port: int, path: str, clients: int, seconds: int) -> str:
    base = _Port(f"http://{HOST}:{port}")
    base.port = port
    with urllib.request.urlopen(base + path, timeout=300) as first:  # the site keeps its copy
        first.read()
    found = _read(base, [path], clients, seconds)
    count = len(found["latencies"])
    rate = count / found["elapsed"] if found["elapsed"] else 0
    return (
        f"    {label:24} {rate:9.0f} requests/s  ({count} requests, {found['errors']} errors, "
        f"client CPU {found['cpu']:.1f} s)"
    )
