"""Run in parallel (``pytest -n``), each pytest-xdist worker empties only its own Redis
database between tests; a process outside pytest-xdist keeps the URL it was given."""

import re
from pathlib import Path

from config.workers import worker_location

URL = "redis://127.0.0.1:6379/14"


def test_each_worker_gets_the_urls_database_plus_its_number():
    assert worker_location(URL, "gw0") == URL
    assert worker_location(URL, "gw1") == "redis://127.0.0.1:6379/15"


def test_the_worker_database_wraps_at_redis_sixteen_databases():
    assert worker_location(URL, "gw2") == "redis://127.0.0.1:6379/0"
    assert worker_location("redis://127.0.0.1:6379", "gw3") == "redis://127.0.0.1:6379/3"


def test_outside_pytest_xdist_the_url_is_kept():
    assert worker_location(URL, "") == URL
    assert worker_location(URL, "master") == URL
    assert worker_location("", "gw1") == ""


def test_ci_runs_the_readmes_test_command_on_both_databases():
    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = re.search(r'pip install -e "\.\[test\]" && (pytest[^\n]*)', readme).group(1)
    assert "-n auto" in command
    ci = (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci.count(command) == 2  # SQLite, then PostgreSQL with Redis


def test_auto_runs_a_worker_a_core_and_one_more_unless_the_environment_names_a_count(monkeypatch):
    from tests.conftest import pytest_xdist_auto_num_workers

    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    monkeypatch.setattr("os.sched_getaffinity", lambda _pid: {0, 1})
    assert pytest_xdist_auto_num_workers(config=None) == 3
    monkeypatch.setattr("os.sched_getaffinity", lambda _pid: {0})
    assert pytest_xdist_auto_num_workers(config=None) == 2
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "2")
    assert pytest_xdist_auto_num_workers(config=None) is None  # pytest-xdist reads it itself
