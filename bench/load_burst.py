"""Phones at a fixed rate, whatever the server does: the readers of `bench kingscup`'s burst.

Run as ``python -m bench.load_burst --port P --rate R --seconds S [--etags]`` with the paths on
stdin (one per line; a line ``HX <path>`` is asked as htmx's poll asks, ``HX-Request: true``).
Unlike ``bench.load_clients`` (each client asks again as soon as it has its answer) this is an
open loop: request ``i`` leaves at ``i / R`` seconds, each on a connection of its own (as a
phone's poll every 30 s does), and its latency counts from when it was due, so a server falling
behind shows in the figures instead of slowing the load. With ``--etags`` each path is asked
with the last ETag seen for it (phones polling a page they have); without, as a first visit.
Prints one JSON line: latencies, statuses, errors, the CPU seconds of this process.

Nothing from Django here: the process is kept small, apart from the server it measures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections import Counter

HOST = "127.0.0.1"
MAX_RATE = 5_000
MAX_SECONDS = 300
MAX_IN_FLIGHT = 2_000
TIMEOUT = 20


async def _ask(port: int, path: str, hx: bool, etag: str | None) -> tuple[int, str | None]:
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        head = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept-Encoding: gzip\r\n"
        head += "Connection: close\r\n" + ("HX-Request: true\r\n" if hx else "")
        head += f"If-None-Match: {etag}\r\n" if etag else ""
        writer.write((head + "\r\n").encode())
        raw = await reader.read()  # the server closes: Connection: close
    finally:
        writer.close()
    top, _, _ = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    found = None
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "etag":
            found = value.strip()
    return status, found


async def _one(port, due, path, hx, etags, use_etags, gate, out) -> None:
    async with gate:
        try:
            status, etag = await asyncio.wait_for(
                _ask(port, path, hx, etags.get((hx, path)) if use_etags else None), TIMEOUT
            )
        except (TimeoutError, OSError, ValueError, IndexError):
            status, etag = 0, None
    out["latencies"].append(round(time.monotonic() - due, 6))
    out["statuses"][status] += 1
    if etag and status == 200:
        etags[(hx, path)] = etag


async def _run(port: int, rate: float, seconds: float, paths, use_etags: bool) -> dict:
    out = {"latencies": [], "statuses": Counter()}
    etags: dict[tuple[bool, str], str] = {}
    gate = asyncio.Semaphore(MAX_IN_FLIGHT)
    rng = random.Random(7)
    total = int(rate * seconds)
    started = time.monotonic()
    tasks = []
    for i in range(total):
        due = started + i / rate
        wait = due - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        hx, path = rng.choice(paths)
        tasks.append(asyncio.create_task(_one(port, due, path, hx, etags, use_etags, gate, out)))
    await asyncio.gather(*tasks)
    out["elapsed"] = time.monotonic() - started
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--rate", type=float, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--etags", action="store_true")
    options = parser.parse_args()
    if not (0 < options.rate <= MAX_RATE and 0 < options.seconds <= MAX_SECONDS):
        sys.exit(f"rate up to {MAX_RATE}/s, seconds up to {MAX_SECONDS}")
    paths = []
    for line in sys.stdin:
        hx, _, path = line.strip().rpartition(" ")
        if path.startswith("/"):
            paths.append((hx == "HX", path))
    cpu = time.process_time()
    found = asyncio.run(_run(options.port, options.rate, options.seconds, paths, options.etags))
    found["cpu"] = time.process_time() - cpu
    found["errors"] = sum(n for status, n in found["statuses"].items() if status not in (200, 304))
    found["statuses"] = {str(k): v for k, v in found["statuses"].items()}
    print(json.dumps(found))


if __name__ == "__main__":
    main()
