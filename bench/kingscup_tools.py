"""Small helpers shared by the phases of `bench kingscup`: quantiles, CPU a request, and running
one of the load tools (``bench.load_reports``, ``bench.load_check_ins``...) in a process of its
own, its input one line each, its figures one JSON line back."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

from .load import ROOT, _group_cpu


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def ms(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values or [0.0]) * 1000:.1f} ms, "
        f"p99 {quantile(values, 0.99) * 1000:.1f} ms"
    )


def cpu_text(cpu: float, requests: int) -> str:
    """The server's CPU a request; unknown when gunicorn replaced a worker it timed out (the
    CPU of a process that is gone is no longer counted)."""
    if cpu < 0:
        return "unknown (workers were restarted)"
    return f"{cpu / max(requests, 1) * 1000:.2f} ms"


def run_tool(module: str, arguments: list[str], lines: list[str], timeout: float) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", module, *arguments],
        input="\n".join(lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=True,
    )
    return json.loads(done.stdout)


def run_jobs(
    module: str, port: int, group: int, clients: int, jobs: list[dict]
) -> tuple[dict, float]:
    """Run a job tool (``bench.load_jobs``' command line: ``clients`` at once on ``port``) over
    ``jobs``; its figures, and the CPU seconds the server's process group ``group`` used."""
    cpu = _group_cpu(group)
    arguments = ["--port", str(port), "--clients", str(clients)]
    found = run_tool(module, arguments, [json.dumps(job) for job in jobs], timeout=1800)
    return found, _group_cpu(group) - cpu
