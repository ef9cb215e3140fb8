"""The viewers of `bench broadcast`: a room of phones polling one board's feed (asyncio, raw
sockets, nothing from Django).

Run by ``bench.broadcast`` as ``python -m bench.broadcast_clients``. Each viewer asks for the
feed every ``--poll`` seconds (starting at a random moment within the first interval, as phones
do) with the tag of its last answer (``If-None-Match``) and ``Accept-Encoding: gzip``; a 200
is unzipped and the number of moves read. It prints one JSON line: for each number of moves,
the wall-clock moments viewers first saw it; the statuses; each request's seconds; the errors;
and this process's CPU seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import resource
import sys
import time

HOST = "127.0.0.1"
MAX_CLIENTS = 2000
MAX_SECONDS = 600
TIMEOUT = 30


async def _response(reader: asyncio.StreamReader) -> tuple[int, dict, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    body = b""
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif status not in (204, 304):
        body = await reader.read()
    return status, headers, body


async def _ask(port: int, path: str, tag: str) -> tuple[int, dict, bytes]:
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        condition = f"If-None-Match: {tag}\r\n" if tag else ""
        writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept-Encoding: gzip\r\n"
                f"{condition}Connection: close\r\n\r\n"
            ).encode()
        )
        return await asyncio.wait_for(_response(reader), TIMEOUT)
    finally:
        writer.close()


async def _viewer(port, path, poll, deadline, rng, found) -> None:
    tag, seen = "", -1
    await asyncio.sleep(rng.random() * poll)
    while time.monotonic() < deadline:
        started = time.perf_counter()
        try:
            status, headers, body = await _ask(port, path, tag)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
            status, headers, body = 0, {}, b""
        found["latencies"].append(round(time.perf_counter() - started, 6))
        found["statuses"][str(status)] = found["statuses"].get(str(status), 0) + 1
        if status == 200:
            tag = headers.get("etag", "")
            if headers.get("content-encoding") == "gzip":
                body = gzip.decompress(body)
            moves = len(json.loads(body)["moves"])
            if moves > seen:
                seen = moves
                found["first_seen"].setdefault(str(moves), []).append(time.time())
        elif status not in (304,):
            found["errors"] += 1
        await asyncio.sleep(max(0.0, poll - (time.perf_counter() - started)))


async def _room(port, path, clients, poll, seconds) -> dict:
    found = {"first_seen": {}, "statuses": {}, "latencies": [], "errors": 0}
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(_viewer(port, path, poll, deadline, random.Random(n), found) for n in range(clients))
    )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", required=True)
    parser.add_argument("--clients", type=int, required=True)
    parser.add_argument("--poll", type=float, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    options = parser.parse_args()
    if not (1 <= options.clients <= MAX_CLIENTS and 0 < options.seconds <= MAX_SECONDS):
        sys.exit(f"clients 1..{MAX_CLIENTS}, seconds up to {MAX_SECONDS}")
    if not (0.2 <= options.poll <= 30) or not options.path.startswith("/"):
        sys.exit("poll 0.2..30 s and a path")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    cpu = time.process_time()
    found = asyncio.run(
        _room(options.port, options.path, options.clients, options.poll, options.seconds)
    )
    found["cpu"] = time.process_time() - cpu
    print(json.dumps(found))


if __name__ == "__main__":
    main()
