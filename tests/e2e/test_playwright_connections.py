"""The browser tests leave no database connection open when the run ends (tests/e2e/conftest.py,
the `playwright` fixture, says why one was left). PostgreSQL only: it is the database that
refuses to drop a test database someone is still connected to.

A pytest run of its own, since what is checked happens after the last test of a session: a
browser test, then a test that opens a connection outside Django's TestCase (as a module's
shared set-up does), then the session's end, where pytest-django drops the test database. The
databases are set up before the browser starts, as when a worker's first file is not a browser
test: then Playwright stops before they are torn down. The run's conftest files are the suite's
own, imported."""

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.conf import settings
from django.db import connection

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]

SESSION = """
import pytest
from django.contrib.auth.models import User
from django.db import connections


@pytest.mark.django_db
def test_the_database_before_the_browser():
    assert User.objects.count() == 0


def test_a_page(page):
    page.goto("about:blank")


def test_a_connection_opened_outside_a_test_case(django_db_blocker):
    with django_db_blocker.unblock():
        connections["default"].ensure_connection()
"""


def drop(server: dict, name: str) -> None:
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.slow
def test_a_connection_opened_while_the_browser_ran_lets_the_test_database_be_dropped(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite drops a test database whoever holds it open")
    db = settings.DATABASES["default"]
    server = {"host": db["HOST"], "port": db["PORT"], "user": db["USER"]}
    name = f"desk_harness_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    (tmp_path / "conftest.py").write_text("from tests.conftest import *  # noqa: F403\n")
    (tmp_path / "e2e").mkdir()
    (tmp_path / "e2e" / "conftest.py").write_text(
        "from tests.e2e.conftest import *  # noqa: F403\n"
    )
    (tmp_path / "e2e" / "test_session.py").write_text(SESSION)
    env = os.environ | {
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{name}",
        "DESK_PICTURES": "0",
    }
    try:
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-c", str(REPO / "pyproject.toml")]
            + ["--rootdir", str(tmp_path), "--no-migrations", "-q", str(tmp_path / "e2e")],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        drop(server, f"test_{name}")
    assert "3 passed" in run.stdout, run.stdout + run.stderr
    assert "Error when trying to teardown test databases" not in run.stdout + run.stderr
    assert run.returncode == 0, run.stdout + run.stderr
