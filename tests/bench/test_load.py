"""The load benchmark runs end to end against a real server and loses no result.

Speed is only printed, never asserted; what is checked is that the run is clean: no failed
request, every posted result stored and shown on the public page within one poll interval."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.load_http import Session

ROOT = Path(__file__).resolve().parents[2]
RUN = (
    "import django; django.setup(); from bench.load import bench_load; "
    "print('\\n'.join(bench_load(clients=(3,), seconds=4, players=24, rounds=2, workers=2)))"
)


def test_the_client_refuses_anything_but_loopback():
    with pytest.raises(ValueError, match="only talks to loopback"):
        Session("http://192.0.2.1:8000")


@pytest.mark.slow
def test_a_small_load_run_is_clean(tmp_path, migrated_sqlite):
    env = os.environ | {
        "DATABASE_URL": migrated_sqlite(tmp_path / "load.sqlite3"),
        "DJANGO_SETTINGS_MODULE": "tests.server_settings",  # the tests' fast password hasher
    }
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", RUN], cwd=ROOT, env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-2000:]
    figures = re.search(
        r"(\d+) errors\n\s+results posted (\d+), stored (\d+), shown within 30 s (\d+)", done.stdout
    )
    assert figures is not None, done.stdout
    errors, posted, stored, shown = map(int, figures.groups())
    assert errors == 0
    assert posted >= 2
    assert stored == shown == posted


def test_the_readers_refuse_an_unbounded_run():
    for arguments in (["--clients", "0"], ["--clients", "501"], ["--seconds", "601"]):
        defaults = {"--port": "1", "--clients": "1", "--seconds": "1"}
        pairs = dict(defaults, **dict(zip(arguments[::2], arguments[1::2], strict=True)))
        done = subprocess.run(
            [sys.executable, "-m", "bench.load_clients", *sum(pairs.items(), ())],
            cwd=ROOT,
            input="",
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1
        assert "clients 1..500, seconds up to 600" in done.stderr
