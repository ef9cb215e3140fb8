"""`manage.py bench broadcast`: 1,000 viewers of one broadcast board while moves are saved.

Starts the production server (`manage.py serve`, gunicorn) on a free loopback port, writes a
throwaway public event with one marked game and a director, then lets ``viewers`` viewers
(``bench.broadcast_clients``, one process) poll the board's feed every ``POLL_MS`` while the
director saves a move every 5 seconds through the real scoresheet page (a random legal game of
the engine). It prints the save-to-viewer latency p50/p99/max (from the moment the move was
sent to the moment each viewer's poll brought it), requests/s and their statuses, errors, and
the server's CPU per viewer.

``proxy=True`` (``bench broadcast --proxy``, ``bench.broadcast_proxy``) puts nginx with a
one-second cache between the viewers and the server, and adds the requests that reached the
server and nginx's own CPU.

Bounded: loopback only, at most ``MAX_VIEWERS`` viewers and ``MAX_SECONDS`` seconds, and the
event is deleted afterwards.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time

from django.contrib.auth import get_user_model
from django.db import close_old_connections

from core.models import AuditEntry
from games.broadcast.services import broadcast_mark
from games.engine.broadcast import POLL_MS
from games.engine.randomplay import play_random_game
from games.models import Game
from players.models import Player
from tournaments.models import Division, Entry, Pairing, Round, Tournament, TournamentRole

from .broadcast_proxy import proxy_counts, start_proxy, stop_proxy
from .load import HOST, ROOT, _free_port, _group_cpu, _start_server, _stop
from .load_http import Session, wait_until_up
from .records import sheet_entries

MOVE_EVERY = 5.0
MAX_VIEWERS = 2000  # bench.broadcast_clients' own bound
MAX_SECONDS = 300


def bench_broadcast(
    viewers: int = 1000, seconds: float = 60, poll_ms: int = POLL_MS, proxy: bool = False
) -> list[str]:
    """Printable figures; see the module docstring."""
    if not (1 <= viewers <= MAX_VIEWERS and 1 <= seconds <= MAX_SECONDS and poll_ms >= 200):
        raise ValueError(f"viewers 1..{MAX_VIEWERS}, seconds 1..{MAX_SECONDS}, poll >= 200 ms")
    game, director, password = _build()
    port = _free_port()
    server = _start_server(port, None)
    cache = None
    try:
        base = f"http://{HOST}:{port}"
        wait_until_up(base + "/healthz", server)
        path = f"/games/broadcast/game/{game.pk}/feed.json"
        warm = Session(base)
        for _ in range(40):  # every worker loads its code and its first copy before the room
            warm.get(path)
            warm.get(f"/games/broadcast/game/{game.pk}/")
        viewed = port
        if proxy:
            viewed = _free_port()
            cache = start_proxy(viewed, port)
            wait_until_up(f"http://{HOST}:{viewed}{path}", cache)
        found = _run(base, game, director, password, server, cache, viewed, path,
                     (viewers, poll_ms / 1000, seconds))  # fmt: skip
        return _report(viewers, poll_ms, seconds, found)
    finally:
        if cache is not None:
            stop_proxy(cache)
        _stop(server)
        _remove(game, director)


def _run(base, game, director, password, server, cache, viewed, path, room) -> dict:
    """The room polling ``viewed`` while the director saves moves; the CPU each side took."""
    saved: dict[int, float] = {}
    took: list[float] = []
    stop = threading.Event()
    mover = threading.Thread(
        target=_move, args=(base, game, director.username, password, saved, took, stop)
    )
    before = proxy_counts(cache) if cache is not None else None
    cpu = _group_cpu(server.pid)
    proxy_cpu = _group_cpu(cache.pid) if cache is not None else 0.0
    mover.start()
    found = _watch(viewed, path, *room)
    stop.set()
    mover.join(timeout=30)
    found["server_cpu"] = _group_cpu(server.pid) - cpu
    found["saved"], found["took"] = saved, sorted(took)
    if cache is not None:
        found["proxy_cpu"] = _group_cpu(cache.pid) - proxy_cpu
        after = proxy_counts(cache)
        found["passed"] = after["passed"] - before["passed"]
    return found


def _build():
    tag = random.randrange(10**9)
    event = Tournament.objects.create(name="Broadcast Bench", slug=f"broadcast-bench-{tag}")
    division = Division.objects.create(tournament=event, name="A", rounds=1)
    people = [Player.objects.create(name=f"Bench Viewer Player {n}") for n in (1, 2)]
    entries = [
        Entry.objects.create(division=division, player=p, number=n, rating=1500 + n)
        for n, p in enumerate(people, start=1)
    ]
    played = Round.objects.create(division=division, number=1)
    pairing = Pairing.objects.create(round=played, table=1, first=entries[0], second=entries[1])
    game = Game.objects.create(
        pairing=pairing, first_player=people[0], second_player=people[1], rules_preset="home"
    )
    broadcast_mark(by=None, game=game, on=True)
    password = f"bench-{tag}"
    director = get_user_model().objects.create_user(f"broadcast-director-{tag}", password=password)
    TournamentRole.objects.create(tournament=event, user=director, role="director")
    return game, director, password


def _move(base, game, username, password, saved, took, stop) -> None:
    """Save a move of a random legal game every MOVE_EVERY seconds through the sheet page."""
    session = Session(base)
    session.login(username, password)
    session.get(f"/games/{game.pk}/sheet/")
    _final, record = play_random_game(7, game.rule_set())
    for number, entry in enumerate(sheet_entries(record), start=1):
        if stop.wait(MOVE_EVERY):
            return
        fields = {"move": entry.move, "rack": entry.rack, "challenge": entry.challenge}
        sent = time.time()
        status, _page = session.post_form_page(f"/games/{game.pk}/turn/", fields)
        if status == 200:
            saved[number] = sent
            took.append(time.time() - sent)


def _watch(port: int, path: str, viewers: int, poll: float, seconds: float) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "bench.broadcast_clients", "--port", str(port), "--path", path]
        + ["--clients", str(viewers), "--poll", str(poll), "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=seconds + 120,
        check=True,
    )
    return json.loads(done.stdout)


def _percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(len(values) * share))] if values else 0.0


def _report(viewers, poll_ms, seconds, found) -> list[str]:
    saved = found["saved"]
    delays, missed = [], 0
    for number, sent in saved.items():
        seen = found["first_seen"].get(str(number), [])
        # a viewer that skipped a move (two within one poll) saw it with the later one
        later = [t for n, ts in found["first_seen"].items() if int(n) > number for t in ts]
        firsts = seen + later
        missed += max(0, viewers - len(seen) - len(later))
        delays += [t - sent for t in firsts if t >= sent][:viewers]
    delays.sort()
    served = sum(found["statuses"].values())
    latencies = sorted(found["latencies"]) or [0.0]
    mode = "through nginx (1 s cache)" if "passed" in found else "direct"
    return [
        f"broadcast ({mode}): {viewers} viewers polling every {poll_ms} ms, {seconds:g} s, "
        f"a move every {MOVE_EVERY:g} s ({len(saved)} saved)",
        f"  save -> viewer: p50 {statistics.median(delays or [0]):.2f} s, "
        f"p99 {_percentile(delays, 0.99):.2f} s, max {max(delays or [0]):.2f} s "
        f"({len(delays)} sightings, {missed} not seen by the end); "
        f"the save itself (its POST) p50 {statistics.median(found['took'] or [0]):.2f} s",
        f"  requests: {served / seconds:.0f}/s, statuses {found['statuses']}, "
        f"errors {found['errors']}, request p50 {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {_percentile(latencies, 0.99) * 1000:.1f} ms",
        *_cpu_lines(viewers, seconds, found, served),
    ]


def _cpu_lines(viewers, seconds, found, served) -> list[str]:
    cores = os.cpu_count() or 1
    app = found["server_cpu"]
    app_requests = found.get("passed", served)
    lines = [
        f"  app server: {app_requests / seconds:.0f} requests/s, "
        f"{app / seconds / cores:.0%} of {cores} cores, "
        f"{app / seconds / viewers * 1000:.2f} ms CPU per viewer-second, "
        f"{app / max(app_requests, 1) * 1000:.2f} ms a request; "
        f"viewers' process {found['cpu'] / seconds / cores:.0%}"
    ]
    if "proxy_cpu" in found:
        proxy = found["proxy_cpu"]
        lines.append(
            f"  nginx: {proxy / seconds / cores:.0%} of {cores} cores, "
            f"{proxy / seconds / viewers * 1000:.2f} ms CPU per viewer-second; app + nginx "
            f"{(app + proxy) / seconds / viewers * 1000:.2f} ms per viewer-second"
        )
    return lines


def _remove(game, director) -> None:
    close_old_connections()
    event = game.pairing.round.division.tournament
    players = [game.first_player_id, game.second_player_id]
    AuditEntry.objects.filter(tournament=event).delete()
    Game.objects.filter(pk=game.pk).delete()
    Pairing.objects.filter(round__division__tournament=event).delete()
    event.delete()
    get_user_model().objects.filter(pk=director.pk).delete()
    Player.objects.filter(pk__in=players).delete()
