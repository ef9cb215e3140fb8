"""What the HTTP load tools share (``bench.load_reports``, ``bench.load_check_ins``): their
command line (``--port``, ``--clients`` 1..``MAX_CLIENTS``, one JSON job a line on stdin) and the
run of a queue of jobs by that many clients at once, timed and with the tool's own CPU."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Awaitable, Callable

MAX_CLIENTS = 1_000

Client = Callable[[int, asyncio.Queue, dict], Awaitable[None]]


def read_command_line(description: str) -> tuple[int, int, list[dict]]:
    """The port, the number of clients (bounded; outside it the tool exits saying so) and jobs."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clients", type=int, required=True)
    options = parser.parse_args()
    if not 1 <= options.clients <= MAX_CLIENTS:
        sys.exit(f"clients 1..{MAX_CLIENTS}")
    jobs = [json.loads(line) for line in sys.stdin if line.strip()]
    return options.port, options.clients, jobs


def run_jobs(client: Client, port: int, clients: int, jobs: list[dict], out: dict) -> dict:
    """Every job, numbered, taken from one queue by ``clients`` copies of ``client``; ``out``
    (what the clients fill) gains the wall time and the tool's CPU time."""
    queue: asyncio.Queue = asyncio.Queue()
    for index, job in enumerate(jobs):
        queue.put_nowait((index, job))

    async def everyone() -> None:
        await asyncio.gather(*(client(port, queue, out) for _ in range(clients)))

    cpu, started = time.process_time(), time.monotonic()
    asyncio.run(everyone())
    out["elapsed"] = time.monotonic() - started
    out["cpu"] = time.process_time() - cpu
    return out
