"""Players reporting their scores from their phones: the writers of `bench kingscup`.

Run as ``python -m bench.load_reports --port P --clients C`` with one JSON object a line on
stdin: ``{"path", "session", "body"}`` (the report page's address, the player's session cookie,
the form's urlencoded body). ``C`` clients take the next report as soon as their last is
answered, each POST on a connection of its own, with the CSRF cookie and header a browser sends.
Prints one JSON line: each POST's seconds, its statuses (also job by job, in the order given),
the errors (no answer, or neither the 302 the report page answers with nor 200), and the CPU
seconds this process used.

Nothing from Django here: the process is kept small, apart from the server it measures.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import Counter

from bench.load_jobs import read_command_line, run_jobs

HOST = "127.0.0.1"
TIMEOUT = 60
OK = (200, 302)


async def _post(port: int, job: dict, token: str) -> int:
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        body = job["body"].encode()
        head = (
            f"POST {job['path']} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
            f"Cookie: sessionid={job['session']}; csrftoken={token}\r\nX-CSRFToken: {token}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        writer.write(head.encode() + body)
        raw = await reader.read()
    finally:
        writer.close()
    return int(raw.split(b" ", 2)[1])


async def _client(port: int, jobs: asyncio.Queue, out: dict) -> None:
    token = secrets.token_hex(16)  # a CSRF secret of 32 characters, as Django's own
    while not jobs.empty():
        index, job = jobs.get_nowait()
        started = time.monotonic()
        try:
            status = await asyncio.wait_for(_post(port, job, token), TIMEOUT)
        except (TimeoutError, OSError, ValueError, IndexError):
            status = 0
        out["latencies"].append(round(time.monotonic() - started, 6))
        out["statuses"][status] += 1
        out["by_job"][index] = status


def main() -> None:
    port, clients, jobs = read_command_line(__doc__.splitlines()[0])
    out = {"latencies": [], "statuses": Counter(), "by_job": [0] * len(jobs)}
    found = run_jobs(_client, port, clients, jobs, out)
    found["errors"] = sum(n for status, n in found["statuses"].items() if status not in OK)
    found["statuses"] = {str(k): v for k, v in found["statuses"].items()}
    print(json.dumps(found))


if __name__ == "__main__":
    main()
