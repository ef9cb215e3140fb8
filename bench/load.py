"""`manage.py bench load`: a room of phones on the public pages while directors enter results.

Starts the production server (`manage.py serve`, gunicorn) on a free loopback port against the
database the command runs on (and Redis when REDIS_URL is set), writes a throwaway public
400-player division whose last round is half reported, and then, for each client count, lets
that many clients fetch 500 different player pages, the standings and the live pairings as fast
as they can, while two directors post one result a second each through the real result-entry
page. It prints requests/s, p50/p99 latency and errors per client count, and checks that every
posted result reached the database and showed on the public page within one poll interval.

Bounded: loopback only, a fixed number of seconds per step, and the event is deleted afterwards.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import close_old_connections

from core.models import AuditEntry
from players.models import Player
from tournaments.models import Division, Pairing, TournamentRole

from .load_http import Session, wait_until_up
from .pages import build_division

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
POLL_SECONDS = 30
DIRECTORS = 2


class _Base(str):
    """The server's base URL, with its port and process group."""

    port: int
    server_group: int


@dataclass
class Posted:
    table: int
    scores: tuple[int, int]
    visible_after: float | None = None


def bench_load(
    clients: tuple[int, ...] = (10, 50),
    seconds: float = 20,
    players: int = 400,
    rounds: int = 31,
    workers: int | None = None,
) -> list[str]:
    """Printable figures for each client count; see the module docstring."""
    division = build_division(players, rounds, seed=random.randrange(10**6))
    password = f"load-{random.randrange(10**9)}"
    director = get_user_model().objects.create_user(
        f"load-director-{division.pk}", password=password
    )
    TournamentRole.objects.create(tournament=division.tournament, user=director, role="director")
    port = _free_port()
    server = _start_server(port, workers)
    lines = [f"load on {players} players x {rounds} rounds, {seconds:g} s per step:"]
    try:
        base = _Base(f"http://{HOST}:{port}")
        base.port, base.server_group = port, server.pid
        wait_until_up(base + "/healthz", server)
        pages = _page_paths(division)
        tables = _unreported_tables(division)
        for count in clients:
            lines += _step(
                base, pages, tables, division, director.username, password, count, seconds
            )
    finally:
        _stop(server)
        _remove(division, director)
    return lines


def _step(base, pages, tables, division, username, password, count, seconds) -> list[str]:
    stop, posted = threading.Event(), []
    mine = [tables[n::DIRECTORS] for n in range(DIRECTORS)]
    writers = [
        threading.Thread(
            target=_write, args=(base, division, username, password, mine[n], posted, stop)
        )
        for n in range(DIRECTORS)
    ]
    server_cpu = _group_cpu(base.server_group)
    for thread in writers:
        thread.start()
    readers = _read(base, pages, count, seconds)
    stop.set()
    for thread in writers:
        thread.join(timeout=POLL_SECONDS + 10)
    readers["server_cpu"] = _group_cpu(base.server_group) - server_cpu
    for done in posted:
        tables.remove(done.table)
    return _report(count, readers, posted, division)


def _read(base: str, pages: list[str], count: int, seconds: float) -> dict:
    """The readers, in a process of their own (``bench.load_clients``): their figures."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.load_clients"]
        + ["--port", str(base.port), "--clients", str(count), "--seconds", str(seconds)],
        input="\n".join(pages),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=seconds + 60,
        check=True,
    )
    return json.loads(done.stdout)


def _group_cpu(group: int) -> float:
    """CPU seconds used so far by the processes of session ``group`` (the server and workers)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        if int(fields[3]) == group:  # fields after the name: state, ppid, pgrp, session, ...
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def _write(base, division, username, password, tables, posted, stop) -> None:
    session = Session(base)
    session.login(username, password)
    results_path = f"/t/{division.tournament.slug}/{division.name}/round/{division.rounds}/results/"
    for table in tables:
        if stop.is_set():
            return
        scores = (random.randint(330, 470), random.randint(330, 470))
        status = session.enter_result(results_path, f"{table} {scores[0]} {scores[1]}")
        if status in (200, 204, 302):
            entry = Posted(table, scores)
            entry.visible_after = _visible_after(session, division, scores)
            posted.append(entry)
        time.sleep(1)


def _visible_after(session: Session, division: Division, scores) -> float | None:
    """Seconds until the live pairings show the result, up to one poll interval."""
    path = f"/t/{division.tournament.slug}/{division.name}/live/"
    started = time.monotonic()
    while time.monotonic() - started < POLL_SECONDS:
        _, body = session.get(path, anonymous=True)
        if f"{scores[0]}–{scores[1]}" in body or f"{scores[0]}-{scores[1]}" in body:
            return time.monotonic() - started
        time.sleep(0.25)
    return None


def _report(count, readers, posted, division) -> list[str]:
    close_old_connections()
    kept = 0
    for entry in posted:
        pairing = Pairing.objects.get(
            round__division=division, round__number=division.rounds, table=entry.table
        )
        kept += (pairing.first_score, pairing.second_score) == entry.scores
    seen = [e.visible_after for e in posted if e.visible_after is not None]
    latencies = sorted(readers["latencies"]) or [0.0]
    elapsed, served = readers["elapsed"], len(readers["latencies"])
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    cores = os.cpu_count() or 1
    return [
        f"  {count:>3} clients: {served / elapsed:7.1f} requests/s, "
        f"p50 {statistics.median(latencies) * 1000:6.1f} ms, p99 {p99 * 1000:6.1f} ms, "
        f"{readers['errors']} errors",
        f"      results posted {len(posted)}, stored {kept}, shown within {POLL_SECONDS} s "
        f"{len(seen)} (slowest {max(seen, default=0):.2f} s)",
        f"      CPU: server {readers['server_cpu'] / max(served, 1) * 1000:.2f} ms a request "
        f"({readers['server_cpu'] / elapsed / cores:.0%} of {cores} cores), "
        f"load generator {readers['cpu'] / elapsed / cores:.0%}",
    ]


def _page_paths(division: Division) -> list[str]:
    prefix = f"/t/{division.tournament.slug}/{division.name}"
    numbers = list(division.entries.values_list("number", flat=True)[:500])
    return [f"{prefix}/player/{n}/" for n in numbers] + [f"{prefix}/standings/", f"{prefix}/live/"]


def _unreported_tables(division: Division) -> list[int]:
    missing = Pairing.objects.filter(
        round__division=division, round__number=division.rounds, first_score__isnull=True
    ).exclude(second=None)
    return sorted(missing.values_list("table", flat=True))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def _start_server(port: int, workers: int | None) -> subprocess.Popen:
    env = os.environ | {
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-load-" + "x" * 40,
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "0",
        "BIND": f"{HOST}:{port}",
        "WEB_CONCURRENCY": str(
            workers or os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1
        ),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # a test harness's switch, refused in deployment
    handle, log_path = tempfile.mkstemp(prefix="bench-load-", suffix=".log")
    with os.fdopen(handle, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "serve"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server.log_path = log_path  # read back if the server fails to start
    return server


def _stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def _remove(division: Division, director) -> None:
    close_old_connections()
    event = division.tournament
    players = list(division.entries.values_list("player_id", flat=True))
    AuditEntry.objects.filter(tournament=event).delete()
    Pairing.objects.filter(round__division=division).delete()
    event.delete()
    get_user_model().objects.filter(pk=director.pk).delete()
    Player.objects.filter(pk__in=players).delete()
