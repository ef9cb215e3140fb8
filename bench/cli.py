"""`manage.py bench cli`: how long a director waits for a command's first line.

Each probe is a new process, as a director's command is: the median of ``RUNS`` runs of the time
from starting it to its first line on stdout (and to its end), on a copy of the demo event
(quickstart's data, made once in a temporary folder). Writing commands (``result``, ``pair``) run
on a fresh copy of the database each time, so every run does the same work. ``python -c "import
django"`` and ``manage.py help`` in the same run show the floor: Python and Django alone.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 10
EVENT = "riverside-open-2026"
MANAGE = [sys.executable, str(ROOT / "manage.py")]
# (name, command, writes): a writing command runs on a fresh copy of the demo database.
PROBES = (
    (
        "python -c 'import django'",
        [sys.executable, "-c", "import django; print(django.VERSION)"],
        False,
    ),
    ("manage.py help", [*MANAGE, "help"], False),
    ("standings", [*MANAGE, "standings", EVENT, "--division", "A"], False),
    ("result", [*MANAGE, "result", EVENT, "--division", "A", "--round", "4", "1 402 380"], True),
    (
        "pair",
        [*MANAGE, "pair", EVENT, "--division", "A", "--round", "4", "--force", "--seed", "1"],
        True,
    ),
)


def first_line_and_end(command: list[str], env: dict) -> tuple[float, float]:
    """Seconds from start to the first line on stdout, and to the process's end."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    first = process.stdout.readline()
    shown = time.perf_counter() - started
    out, err = process.communicate()
    if process.returncode != 0 or not first:
        raise RuntimeError(f"{command[2:]} failed: {(first + out + err).decode()[-500:]}")
    return shown, time.perf_counter() - started


def demo_database(folder: Path, env: dict) -> Path:
    """The demo event in a SQLite file of its own (quickstart without serving)."""
    database = folder / "demo.sqlite3"
    subprocess.run(
        [*MANAGE, "quickstart", "--no-serve"],
        cwd=ROOT,
        env={**env, "DATABASE_URL": f"sqlite:///{database}"},
        check=True,
        capture_output=True,
    )
    return database


def probe(command: list[str], writes: bool, demo: Path, env: dict) -> tuple[float, float]:
    """The medians of ``RUNS`` runs of the command (first line, end) in seconds."""
    firsts, ends = [], []
    for run in range(RUNS):
        database = demo
        if writes:
            database = demo.with_name(f"run-{run}.sqlite3")
            shutil.copyfile(demo, database)
        shown, ended = first_line_and_end(command, {**env, "DATABASE_URL": f"sqlite:///{database}"})
        firsts.append(shown)
        ends.append(ended)
    return statistics.median(firsts), statistics.median(ends)


def bench_cli() -> Iterator[str]:
    """Print, for each probe, the median seconds to its first line and to its end."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    with tempfile.TemporaryDirectory(prefix="desk-bench-cli-") as tmp:
        demo = demo_database(Path(tmp), env)
        yield f"Median of {RUNS} runs, each a new process, on the demo event ({EVENT}, SQLite):"
        yield f"{'command':<28} {'first line':>10} {'end':>8}"
        for name, command, writes in PROBES:
            shown, ended = probe(command, writes, demo, env)
            yield f"{name:<28} {shown:>9.3f}s {ended:>7.3f}s"
