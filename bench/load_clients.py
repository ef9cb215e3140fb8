"""The readers of `bench load`: a room of phones as one cheap process (asyncio, raw sockets).

Run by ``bench.load`` as ``python -m bench.load_clients`` with the port, the number of clients,
the seconds and the paths (one per line on stdin). Each client keeps one loopback connection
alive and asks for a random path (``Accept-Encoding: gzip``, as phones do) as soon as the last
answer is in. It prints one JSON line: each request's seconds, the errors, and the CPU seconds
this process used, so the report can say how much of the machine the load itself took.

Nothing from Django here: the process is kept small, apart from the server it measures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time

HOST = "127.0.0.1"
MAX_CLIENTS = 500
MAX_SECONDS = 600
TIMEOUT = 30


async def _response(reader: asyncio.StreamReader) -> tuple[int, bool]:
    """Read one response; its status and whether the server keeps the connection open."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            await reader.readexactly(size + 2)
        await reader.readuntil(b"\r\n")
    elif status not in (204, 304):
        await reader.read()  # body until the server closes
        return status, False
    return status, headers.get("connection", "").lower() != "close"


async def _client(port, paths, deadline, rng, latencies, errors) -> None:
    connection, reused = None, False
    while time.monotonic() < deadline:
        path = rng.choice(paths)
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept-Encoding: gzip\r\n\r\n"
        ).encode()
        started = time.perf_counter()
        try:
            if connection is None:
                connection, reused = await asyncio.open_connection(HOST, port), False
            connection[1].write(request)
            status, keep = await asyncio.wait_for(_response(connection[0]), TIMEOUT)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError):
            status, keep = 0, False
            if reused:  # a kept-alive connection the server closed meanwhile: ask again
                connection[1].close()
                connection = None
                continue
        latencies.append(time.perf_counter() - started)
        errors[0] += status != 200
        if keep:
            reused = True
        elif connection is not None:
            connection[1].close()
            connection = None
        if status == 0:
            await asyncio.sleep(0.1)  # the server is not answering: do not spin
    if connection is not None:
        connection[1].close()


async def _room(port: int, clients: int, seconds: float, paths: list[str]) -> dict:
    latencies: list[float] = []
    errors = [0]
    deadline = time.monotonic() + seconds
    started = time.monotonic()
    await asyncio.gather(
        *(
            _client(port, paths, deadline, random.Random(n), latencies, errors)
            for n in range(clients)
        )
    )
    return {
        "elapsed": time.monotonic() - started,
        "latencies": [round(s, 6) for s in latencies],
        "errors": errors[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clients", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    options = parser.parse_args()
    if not (1 <= options.clients <= MAX_CLIENTS and 0 < options.seconds <= MAX_SECONDS):
        sys.exit(f"clients 1..{MAX_CLIENTS}, seconds up to {MAX_SECONDS}")
    paths = [line.strip() for line in sys.stdin if line.startswith("/")]
    cpu = time.process_time()
    found = asyncio.run(_room(options.port, options.clients, options.seconds, paths))
    found["cpu"] = time.process_time() - cpu
    print(json.dumps(found))


if __name__ == "__main__":
    main()
