"""Players checking themselves in from their personal link: the phones of `bench kingscup`'s
check-in.

Run as ``python -m bench.load_check_ins --port P --clients C`` with one JSON object a line on
stdin: ``{"path"}`` (the player's personal page, ``/t/<event>/me/<token>/``). ``C`` clients take
the next player as soon as their last is done, and do what the player's phone does: open the
page (GET: the CSRF cookie and the form's token, and the "I'm here" form, shown only while
check-in is open), then press "I'm here" (POST to ``check-in/`` with the cookie and the token,
answered by a 302 back to the page). Each request on a connection of its own, plain HTTP/1.1.
Prints one JSON line: each check-in's seconds (page and press) and each press's seconds, the
statuses of the presses (``page <status>`` when the page failed or showed no form; also job by
job, in the order given), the errors (anything but the 302) and the CPU seconds this process used.

Nothing from Django here: the process is kept small, apart from the server it measures.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse
from collections import Counter

from bench.load_jobs import read_command_line, run_jobs

HOST = "127.0.0.1"
TIMEOUT = 60
_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
_COOKIE = re.compile(rb"^set-cookie:\s*csrftoken=([^;\r\n]+)", re.IGNORECASE | re.MULTILINE)


async def _ask(port: int, head: str, body: bytes = b"") -> tuple[int, bytes, bytes]:
    """One request on a connection of its own: the status, the headers and the body."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(head.encode() + body)
        raw = await reader.read()  # Connection: close
    finally:
        writer.close()
    top, _, rest = raw.partition(b"\r\n\r\n")
    return int(top.split(b" ", 2)[1]), top, rest


async def _check_in(port: int, path: str, out: dict) -> str:
    """Open the page, press "I'm here": the press's status, or ``page <status>``."""
    status, top, page = await _ask(
        port, f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n"
    )
    cookie, token = _COOKIE.search(top), _TOKEN.search(page)
    action = f'action="{path}check-in/"'.encode()
    if status != 200 or cookie is None or token is None or action not in page:
        return f"page {status}"
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token.group(1).decode()}).encode()
    head = (
        f"POST {path}check-in/ HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
        f"Cookie: csrftoken={cookie.group(1).decode()}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    pressed = time.monotonic()
    status, top, _ = await _ask(port, head, body)
    out["presses"].append(round(time.monotonic() - pressed, 6))
    back = f"location: {path}".encode().lower()
    return str(status) if status != 302 or back in top.lower() else "302 elsewhere"


async def _client(port: int, jobs: asyncio.Queue, out: dict) -> None:
    while not jobs.empty():
        index, job = jobs.get_nowait()
        started = time.monotonic()
        try:
            status = await asyncio.wait_for(_check_in(port, job["path"], out), TIMEOUT)
        except (TimeoutError, OSError, ValueError, IndexError):
            status = "0"
        out["latencies"].append(round(time.monotonic() - started, 6))
        out["statuses"][status] += 1
        out["by_job"][index] = status


def main() -> None:
    port, clients, jobs = read_command_line(__doc__.splitlines()[0])
    out = {"latencies": [], "presses": [], "statuses": Counter(), "by_job": [""] * len(jobs)}
    found = run_jobs(_client, port, clients, jobs, out)
    found["errors"] = sum(n for status, n in found["statuses"].items() if status != "302")
    print(json.dumps(found))


if __name__ == "__main__":
    main()
