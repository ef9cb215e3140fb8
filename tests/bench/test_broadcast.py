"""`bench broadcast --proxy` runs end to end: nginx with a one-second cache in front of the real
server, a few viewers polling through it. Speed is only printed, never asserted; what is checked
is that the run is clean and that the viewers' polls were answered mostly by nginx."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from bench.broadcast import bench_broadcast
from bench.broadcast_proxy import nginx_binary

ROOT = Path(__file__).resolve().parents[2]
RUN = (
    "import django; django.setup(); from bench.broadcast import bench_broadcast; "
    "print('\\n'.join(bench_broadcast(viewers=5, seconds=6, proxy=True)))"
)


@pytest.mark.parametrize(
    "sizes", [{"viewers": 0}, {"viewers": 2001}, {"seconds": 0}, {"seconds": 301}]
)
def test_an_unbounded_run_is_refused_before_anything_is_written(sizes):
    with pytest.raises(ValueError, match="viewers 1..2000, seconds 1..300"):
        bench_broadcast(**sizes)


def test_the_command_refuses_the_proxy_for_a_benchmark_without_one():
    with pytest.raises(CommandError, match="takes no --proxy"):
        call_command("bench", "lexicon", "--proxy")
    with pytest.raises(CommandError, match="--viewers must be a whole number from 1 to 2000"):
        call_command("bench", "broadcast", "--viewers", "2001")


@pytest.mark.slow
def test_a_small_run_through_the_caching_proxy_is_clean(tmp_path, migrated_sqlite):
    assert nginx_binary(), "nginx is missing: apt-get install nginx (.ci/run installs it)"
    env = os.environ | {
        "DATABASE_URL": migrated_sqlite(tmp_path / "broadcast.sqlite3"),
        "DJANGO_SETTINGS_MODULE": "tests.server_settings",  # the tests' fast password hasher
        "WEB_CONCURRENCY": "2",  # not 2 a core + 1: five viewers need no more, and each boots
    }
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", RUN], cwd=ROOT, env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "broadcast (through nginx (1 s cache)): 5 viewers" in done.stdout
    statuses = re.search(r"statuses \{([^}]*)\}, errors (\d+)", done.stdout)
    assert statuses is not None, done.stdout
    assert statuses.group(2) == "0"
    assert set(re.findall(r"'(\d+)'", statuses.group(1))) <= {"200", "304"}
    viewers_rate = int(re.search(r"requests: (\d+)/s", done.stdout).group(1))
    app_rate = int(re.search(r"app server: (\d+) requests/s", done.stdout).group(1))
    assert viewers_rate >= 1
    assert app_rate < viewers_rate
