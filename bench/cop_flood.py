"""`manage.py bench cop-flood`: anonymous COP requests must not take the site down.

Starts the production server (`manage.py serve`, gunicorn) on a free loopback port against the
configured database, with the public COP service's default bounds (one slot, 20 s cap), writes
a throwaway public division, then sends 10 maximal COP requests at once (1000 players, 199
rounds left, a million simulations asked for each phase) while a reader keeps fetching
`/healthz` and the division's public standings until every COP request has its answer. It
prints the slowest `/healthz` and standings answers and what each COP request got.

Bounded: loopback only, each COP request ends by the wall-clock cap, the event is removed.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from django.db import close_old_connections

from players.models import Player
from tournaments.models import Pairing

from .load_http import wait_until_up
from .pages import build_division

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
COP_PATH = "/api/pair_service.PairService/HandlePairRequest"
FLOOD = 10


def maximal_request(players: int = 1000, rounds: int = 200, seed: int = 1) -> bytes:
    """The costliest request within the service's limits: ``players`` players after one round
    of ``rounds``, a million simulations asked for each phase, control loss active."""
    rng = random.Random(seed)
    order = list(range(players))
    rng.shuffle(order)
    pairings, results = [-1] * players, [0] * players
    for a, b in zip(order[0::2], order[1::2], strict=True):
        pairings[a], pairings[b] = b, a
        results[a], results[b] = rng.randint(250, 550), rng.randint(250, 550)
    request = {
        "pairMethod": "COP",
        "playerNames": [f"Player {p + 1}" for p in range(players)],
        "playerClasses": [p % 3 for p in range(players)],
        "divisionPairings": [{"pairings": pairings}],
        "divisionResults": [{"results": results}],
        "classPrizes": [3, 3],
        "gibsonSpread": 250,
        "controlLossThreshold": 0.25,
        "hopefulnessThreshold": 0.01,
        "rounds": rounds,
        "placePrizes": 10,
        "divisionSims": 1_000_000,
        "controlLossSims": 1_000_000,
        "controlLossActivationRound": 0,
        "seed": "1",
    }
    return json.dumps(request).encode()


def cheap_request() -> bytes:
    """A 4-player request COP answers at once."""
    return json.dumps(
        {
            "player_names": ["A", "B", "C", "D"],
            "division_pairings": [{"pairings": [1, 0, 3, 2]}],
            "division_results": [{"results": [400, 300, 400, 300]}],
            "rounds": 4,
            "place_prizes": 1,
            "hopefulness_threshold": 0.1,
            "division_sims": 200,
            "control_loss_sims": 100,
            "seed": "1",
        }
    ).encode()


@dataclass
class Call:
    """One HTTP exchange: status, COP error code (if any), seconds, and when it ended."""

    status: int = 0
    code: str = ""
    seconds: float = 0.0
    ended: float = field(default=0.0)
    retry_after: str | None = None


def call(port: int, method: str, path: str, body: bytes | None = None, timeout=120) -> Call:
    """One request on a fresh loopback connection."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read()
        code = ""
        if path == COP_PATH:
            code = json.loads(text).get("errorCode", "")
        ended = time.monotonic()
        return Call(
            response.status, code, ended - started, ended, response.getheader("Retry-After")
        )
    except (OSError, http.client.HTTPException, ValueError):
        ended = time.monotonic()
        return Call(0, "", ended - started, ended)
    finally:
        connection.close()


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(port: int, env: dict[str, str]) -> subprocess.Popen:
    """`manage.py serve` on loopback with ``env`` over the current environment."""
    full = (
        os.environ
        | {
            "DEBUG": "0",
            "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-cop-flood-" + "x" * 40,
            "ALLOWED_HOSTS": HOST,
            "SECURE_SSL_REDIRECT": "0",
            "BIND": f"{HOST}:{port}",
            "PYTHONPATH": str(ROOT),
        }
        | env
    )
    full.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # a test harness's switch, refused in deployment
    handle, log_path = tempfile.mkstemp(prefix="bench-cop-flood-", suffix=".log")
    with os.fdopen(handle, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "serve"],
            cwd=ROOT,
            env=full,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server.log_path = log_path
    return server


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def flood(port: int, page: str, count: int = FLOOD) -> tuple[list[Call], list[Call], list[Call]]:
    """``count`` maximal COP requests at once, and the reader's /healthz and page answers
    while any of them is still running."""
    body = maximal_request()
    cop: list[Call] = [Call() for _ in range(count)]

    def send(index: int) -> None:
        cop[index] = call(port, "POST", COP_PATH, body)

    senders = [threading.Thread(target=send, args=(i,)) for i in range(count)]
    for sender in senders:
        sender.start()
    health, pages = [], []
    while any(sender.is_alive() for sender in senders):
        health.append(call(port, "GET", "/healthz", timeout=60))
        pages.append(call(port, "GET", page, timeout=60))
        time.sleep(0.2)
    for sender in senders:
        sender.join()
    return cop, health, pages


def bench_cop_flood() -> list[str]:
    """Printable figures; see the module docstring."""
    division = build_division(40, 6, seed=random.randrange(10**6))
    page = f"/t/{division.tournament.slug}/{division.name}/standings/"
    port = free_port()
    slots = tempfile.mkdtemp(prefix="desk-cop-flood-slots-")
    server = start_server(port, {"COP_PUBLIC_SLOT_DIR": slots, "COP_PUBLIC_SLOTS": "1"})
    try:
        wait_until_up(f"http://{HOST}:{port}/healthz", server)
        call(port, "GET", page)  # the first answer builds the page's shared copy
        cop, health, pages = flood(port, page)
    finally:
        stop_server(server)
        _remove(division)
    lines = [
        f"{FLOOD} maximal anonymous COP requests at once ({len(maximal_request()) // 1000} KB "
        "each: 1000 players, 199 rounds left, 1,000,000 simulations asked per phase):",
        _slowest("/healthz", health),
        _slowest("public standings", pages),
    ]
    for index, answer in enumerate(sorted(cop, key=lambda c: c.seconds), start=1):
        retry = f", Retry-After {answer.retry_after}" if answer.retry_after else ""
        lines.append(
            f"  COP request {index:>2}: {answer.status} {answer.code or '-'} "
            f"after {answer.seconds:.2f} s{retry}"
        )
    return lines


def _slowest(name: str, calls: list[Call]) -> str:
    statuses = sorted({c.status for c in calls})
    worst = max((c.seconds for c in calls), default=0.0)
    return (
        f"  {name}: {len(calls)} answers while COP ran, slowest {worst:.3f} s, statuses {statuses}"
    )


def _remove(division) -> None:
    close_old_connections()
    event = division.tournament
    players = list(division.entries.values_list("player_id", flat=True))
    Pairing.objects.filter(round__division=division).delete()
    event.delete()
    Player.objects.filter(pk__in=players).delete()
