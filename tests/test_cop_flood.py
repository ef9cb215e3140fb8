"""Anonymous COP requests cannot take the site down: against `manage.py serve` (gunicorn, on
loopback), while the COP slot is full of a maximal request, /healthz and a public standings page
are answered before it finishes, and further COP requests get 503 with Retry-After at once.

No timing threshold: the test only checks the order in which answers arrive. Bounded: the
maximal request ends by the wall-clock cap set here (10 s)."""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bench.cop_flood import (
    COP_PATH,
    Call,
    call,
    cheap_request,
    free_port,
    maximal_request,
    start_server,
    stop_server,
)
from bench.load_http import wait_until_up
from tests.tournaments.cop_slots import busy_slots

ROOT = Path(__file__).resolve().parent.parent
MAKE_DIVISION = (
    "from bench.pages import build_division; d = build_division(12, 3, seed=1); "
    "print(f'/t/{d.tournament.slug}/{d.name}/standings/')"
)


def manage(env, *args) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


@pytest.mark.slow
def test_a_full_cop_slot_leaves_health_and_public_pages_answering_and_refuses_more_at_once(
    tmp_path, migrated_sqlite
):
    env = os.environ | {
        "DATABASE_URL": migrated_sqlite(tmp_path / "flood.sqlite3"),
        "PYTHONPATH": str(ROOT),
    }
    env.pop("REDIS_URL", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    page = manage(env, "shell", "-c", MAKE_DIVISION)
    assert page.endswith("/standings/")
    slots = tmp_path / "slots"
    port = free_port()
    server_env = {
        "DATABASE_URL": env["DATABASE_URL"],
        "WEB_CONCURRENCY": "3",
        "COP_PUBLIC_SLOTS": "1",
        "COP_PUBLIC_SECONDS": "10",
        "COP_PUBLIC_SLOT_DIR": str(slots),
    }
    server = start_server(port, server_env)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/healthz", server)
        assert call(port, "POST", COP_PATH, cheap_request()).code == "SUCCESS"
        maximal = Call()

        def send() -> None:
            nonlocal maximal
            maximal = call(port, "POST", COP_PATH, maximal_request())

        sender = threading.Thread(target=send)
        sender.start()
        for _ in range(300):  # wait (bounded) until the maximal request holds the slot
            if busy_slots(slots, 1) == 1 or not sender.is_alive():
                break
            time.sleep(0.05)
        assert busy_slots(slots, 1) == 1 and sender.is_alive()

        health = call(port, "GET", "/healthz")
        standings = call(port, "GET", page)
        refused = call(port, "POST", COP_PATH, cheap_request())
        still_running = sender.is_alive()
        sender.join(timeout=120)

        assert still_running, "the maximal request finished before the others were answered"
        assert (health.status, standings.status) == (200, 200)
        assert (refused.status, refused.code, refused.retry_after) == (503, "SERVICE_BUSY", "5")
        assert health.ended < maximal.ended and standings.ended < maximal.ended
        assert refused.ended < maximal.ended
        assert (maximal.status, maximal.code) in ((200, "SUCCESS"), (503, "TIME_LIMIT_EXCEEDED"))
        assert busy_slots(slots, 1) == 0
    finally:
        stop_server(server)
