"""The production path: DEBUG off, static files collected, gunicorn, the database in use (SQLite
or PostgreSQL) and Redis when it runs here, a health endpoint, and a deploy check that catches a
missing static manifest."""

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.core.checks import run_checks
from django.core.management.base import CommandError
from django.db import connection
from django.test import override_settings

from config.management.commands.serve import gunicorn_argv, serve_argv
from config.workers import worker_location

ROOT = Path(__file__).resolve().parent.parent
MANIFEST_STORAGE = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


@pytest.mark.django_db
def test_health_answers_ok_when_database_and_cache_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_health_is_503_when_the_database_fails(client, monkeypatch):
    def broken():
        raise OSError("database down")

    monkeypatch.setattr(connection, "cursor", broken)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "failing"


def test_deploy_check_catches_a_missing_manifest_and_passes_once_collected(tmp_path):
    with override_settings(STORAGES=MANIFEST_STORAGE, STATIC_ROOT=tmp_path):
        ids = [m.id for m in run_checks(include_deployment_checks=True)]
        assert "desk.E001" in ids
        (tmp_path / "staticfiles.json").write_text("{}")
        ids = [m.id for m in run_checks(include_deployment_checks=True)]
        assert "desk.E001" not in ids


@pytest.mark.parametrize("workers", ["1", "64"])
def test_worker_count_comes_from_the_environment_within_bounds(workers):
    argv = gunicorn_argv({"WEB_CONCURRENCY": workers, "PORT": "9000", "COP_PUBLIC": "off"})
    assert argv[argv.index("--workers") + 1] == workers
    assert argv[argv.index("--bind") + 1] == "0.0.0.0:9000"


@pytest.mark.parametrize(
    ("env", "allowed"),
    [
        ({"WEB_CONCURRENCY": "2"}, True),  # the default single COP slot, one worker free
        ({"WEB_CONCURRENCY": "1"}, False),  # the COP slot could hold the only worker
        ({"WEB_CONCURRENCY": "1", "COP_PUBLIC": "off"}, True),
        ({"WEB_CONCURRENCY": "5", "COP_PUBLIC_SLOTS": "4"}, True),
        ({"WEB_CONCURRENCY": "5", "COP_PUBLIC_SLOTS": "5"}, False),
        ({"WEB_CONCURRENCY": "5", "COP_PUBLIC_SLOTS": "two"}, False),
        ({"WEB_CONCURRENCY": "5", "COP_PUBLIC_SECONDS": "29.5"}, True),
        ({"WEB_CONCURRENCY": "5", "COP_PUBLIC_SECONDS": "30"}, False),
        ({"WEB_CONCURRENCY": "5", "COP_PUBLIC_SECONDS": "40", "GUNICORN_TIMEOUT": "60"}, True),
    ],
)
def test_the_public_cop_slots_must_leave_a_worker_free(env, allowed):
    if allowed:
        assert gunicorn_argv(env)[0] == "gunicorn"
    else:
        with pytest.raises(CommandError, match="COP_PUBLIC_S"):
            gunicorn_argv(env)


@pytest.mark.parametrize("workers", ["0", "65", "four", "-1"])
def test_a_worker_count_out_of_bounds_is_refused(workers):
    with pytest.raises(CommandError):
        gunicorn_argv({"WEB_CONCURRENCY": workers})


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_running() -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", 6379)) == 0


def database_url(tmp_path: Path) -> str:
    db = settings.DATABASES["default"]
    if connection.vendor == "postgresql":  # the suite's own test database, already migrated
        return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return f"sqlite:///{tmp_path / 'production.sqlite3'}"


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.slow
@pytest.mark.django_db
def test_serve_starts_gunicorn_with_debug_off_and_serves_pages_and_static_files(tmp_path):
    port = free_port()
    env = os.environ | {
        "DEBUG": "0",
        "SECRET_KEY": "production-test-" + "k" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": database_url(tmp_path),
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",
    }
    env["STATIC_ROOT"] = str(tmp_path / "static")  # never the folder another test collects into
    env.pop("REDIS_URL", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set for the browser tests; refused in deployment
    # Under pytest -n the server uses this worker's own Redis database, as the tests here do.
    worker = env.pop("PYTEST_XDIST_WORKER", "")
    if redis_running():
        env["REDIS_URL"] = settings.REDIS_URL or worker_location(
            "redis://127.0.0.1:6379/15", worker
        )
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--migrate"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 180  # collectstatic into an empty folder first
        status = None
        while time.monotonic() < deadline and server.poll() is None:
            try:
                status, body = get(f"{base}/healthz")
                break
            except OSError:
                time.sleep(0.3)
        assert status == 200, server.stdout.read1().decode() if server.poll() else status
        assert '"cache": "ok"' in body
        status, home = get(f"{base}/")
        assert status == 200
        stylesheet = re.search(r'href="(/static/desk/desk\.[0-9a-f]{12}\.css)"', home)
        assert stylesheet is not None  # the manifest's hashed name: collectstatic ran
        assert get(base + stylesheet.group(1))[0] == 200
        assert get(f"{base}/t/no-such-event/")[0] == 404
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


def test_serve_runs_the_gunicorn_of_its_own_interpreter_whatever_path_holds(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    argv = serve_argv({"WEB_CONCURRENCY": "2", "PORT": "9000"})
    assert argv[:4] == [sys.executable, "-m", "gunicorn", "config.wsgi:application"]
    # The same head runs with no PATH at all: the module is found beside the interpreter.
    version = subprocess.run(
        [*argv[:3], "--version"], env={"PATH": ""}, capture_output=True, text=True, timeout=60
    )
    assert version.returncode == 0
    assert "gunicorn" in version.stdout + version.stderr


@pytest.mark.parametrize(
    ("env", "bind"),
    [
        ({"PORT": "9000"}, "0.0.0.0:9000"),
        ({"PORT": "9000", "BEHIND_PROXY": "1"}, "127.0.0.1:9000"),  # only the proxy reaches it
        ({"PORT": "9000", "BEHIND_PROXY": "0"}, "0.0.0.0:9000"),
        ({"BIND": "10.0.0.5:8000", "BEHIND_PROXY": "1"}, "10.0.0.5:8000"),  # told otherwise
    ],
)
def test_behind_a_proxy_the_server_listens_on_loopback_unless_told_otherwise(env, bind):
    argv = gunicorn_argv({"WEB_CONCURRENCY": "2", "COP_PUBLIC": "off", **env})
    assert argv[argv.index("--bind") + 1] == bind
