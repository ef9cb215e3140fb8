"""Phase 3 of `bench kingscup`: the room of phones, straight at the app server or through nginx.

``bench.load_burst`` (an open loop) plays 8,000 phones polling the live pairings every 30 s with
their ETag (~270 requests/s), then a burst of 8,000 first visits in 10 s (800/s: live pairings
and standings) on top of the polling. With ``proxy`` the phones ask a caching nginx in front of
the app server (``bench.broadcast_proxy``: the public pages kept as long as their
``Cache-Control`` says, the way a CDN in front of the site keeps them), and the figures add the
requests that reached the app server and nginx's own CPU.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tournaments.models import Division

from .broadcast_proxy import proxy_counts, start_proxy, stop_proxy
from .kingscup_tools import cpu_text, ms, run_tool
from .load import HOST, ROOT, _free_port, _group_cpu
from .load_http import wait_until_up

POLL_SECONDS = 30
BURST_SECONDS = 10


def public_burst(
    port: int, group: int, event, phones: int, seconds: float, proxy: bool = False
) -> list[str]:
    """Phase 3, straight at the app server on ``port`` or through nginx in front of it."""
    if not proxy:
        return _room(port, group, event, phones, seconds)
    front = _free_port()
    cache = start_proxy(front, port)
    try:
        wait_until_up(f"http://{HOST}:{front}/healthz", cache)
        before, nginx_cpu = proxy_counts(cache), _group_cpu(cache.pid)
        lines = _room(front, group, event, phones, seconds)
        nginx_cpu, after = _group_cpu(cache.pid) - nginx_cpu, proxy_counts(cache)
    finally:
        stop_proxy(cache)
    answered, passed = (after[key] - before[key] for key in ("answered", "passed"))
    lines[0] += ", through nginx (pages kept as their Cache-Control says)"
    return lines + [
        f"      nginx answered {answered} requests, {passed} reached the app server; "
        f"nginx CPU {cpu_text(nginx_cpu, answered)} a request"
    ]


def _phone_paths(event, *, polling: bool) -> list[str]:
    """Paths weighted by division size: polls of the live pairings (htmx, ``HX`` lines), or
    first visits (the live pairings, and the standings one time in three)."""
    lines = []
    for division in Division.objects.filter(tournament=event).order_by("name"):
        prefix = f"/t/{event.slug}/{division.name}"
        size = division.entries.count()
        if polling:
            lines += [f"HX {prefix}/live/"] * size
        else:
            lines += [f"GET {prefix}/live/"] * (size - size // 3)
            lines += [f"GET {prefix}/standings/"] * (size // 3)
    return lines


def _burst_args(port: int, rate: float, seconds: float, etags: bool) -> list[str]:
    arguments = ["--port", str(port), "--rate", f"{rate:.1f}", "--seconds", str(seconds)]
    return arguments + (["--etags"] if etags else [])


def _room(port: int, group: int, event, phones: int, seconds: float) -> list[str]:
    """Phones polling ``port`` every 30 s, then a burst of first visits on top of them."""
    rate = phones / POLL_SECONDS
    polls, visits = _phone_paths(event, polling=True), _phone_paths(event, polling=False)
    cpu = _group_cpu(group)
    sustained = run_tool(
        "bench.load_burst", _burst_args(port, rate, seconds, True), polls, seconds + 120
    )
    sustained_cpu = _group_cpu(group) - cpu
    burst_seconds = min(BURST_SECONDS, seconds)
    tools = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.load_burst", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for args in (
            _burst_args(port, rate, burst_seconds, True),
            _burst_args(port, phones / burst_seconds, burst_seconds, False),
        )
    ]
    cpu = _group_cpu(group)
    outs = [
        json.loads(tool.communicate("\n".join(paths), timeout=burst_seconds + 120)[0])
        for tool, paths in zip(tools, (polls, visits), strict=True)
    ]
    burst_cpu = _group_cpu(group) - cpu
    return _burst_lines(rate, phones, burst_seconds, sustained, sustained_cpu, outs, burst_cpu)


def _burst_lines(rate, phones, burst_seconds, sustained, sustained_cpu, outs, burst_cpu):
    def line(name, found):
        served = len(found["latencies"])
        return (
            f"   {name}: {served} requests, {served / found['elapsed']:.0f}/s, "
            f"{ms(found['latencies'])}, {found['errors']} errors {found['statuses']}"
        )

    served = len(sustained["latencies"])
    both = sum(len(found["latencies"]) for found in outs)
    return [
        f"3. public pages: {phones} phones polling every {POLL_SECONDS} s ({rate:.0f}/s), "
        f"then {phones} first visits in {burst_seconds:g} s on top (goal p99 < 1 s, 0 errors)",
        line("polling alone", sustained),
        f"      server CPU {cpu_text(sustained_cpu, served)} a request, "
        f"load generator {sustained['cpu'] / sustained['elapsed']:.0%} of a core",
        line("burst: polling", outs[0]),
        line("burst: visits ", outs[1]),
        f"      server CPU {cpu_text(burst_cpu, both)} a request, "
        f"load generators {sum(f['cpu'] for f in outs) / outs[1]['elapsed']:.0%} of a core",
    ]
