"""Settings come from the environment: SQLite by default, DATABASE_URL for PostgreSQL."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "d = settings.DATABASES['default']; "
    "print(json.dumps({'engine': d['ENGINE'], 'name': str(d['NAME']), 'host': d.get('HOST', ''), "
    "'options': d.get('OPTIONS', {}), 'debug': settings.DEBUG, 'languages': [c for c, _ in settings.LANGUAGES], "
    "'sessions': settings.SESSION_ENGINE}))"
)


def probe(**env) -> dict:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "DEBUG", "SECRET_KEY", "REDIS_URL", "CACHE_URL"}
    }
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_sqlite_is_the_default_database():
    found = probe()
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["name"] == str(ROOT / "db.sqlite3")


def test_database_url_selects_postgresql():
    found = probe(DATABASE_URL="postgres://postgres@127.0.0.1:5432/desk_example")
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["name"] == "desk_example"
    assert found["host"] == "127.0.0.1"


def test_postgresql_connections_run_without_jit_and_sqlite_has_no_such_option():
    """JIT compiling cost the TSH import 50 ms a player lookup (tests/tournaments/commands)."""
    postgres = probe(DATABASE_URL="postgres://postgres@127.0.0.1:5432/desk_example")
    assert postgres["options"] == {"options": "-c jit=off"}
    assert "options" not in probe()["options"]
    secure = probe(DATABASE_URL="postgres://postgres@127.0.0.1:5432/desk?sslmode=require")
    assert secure["options"] == {"sslmode": "require", "options": "-c jit=off"}


def test_sessions_are_read_through_the_cache_only_when_every_server_shares_it():
    """Redis (REDIS_URL or CACHE_URL): cached_db; a cache in each process's memory: the database."""
    shared = "django.contrib.sessions.backends.cached_db"
    assert probe(REDIS_URL="redis://127.0.0.1:6379/3")["sessions"] == shared
    assert probe(CACHE_URL="redis://127.0.0.1:6379/3")["sessions"] == shared
    assert probe()["sessions"] == "django.contrib.sessions.backends.db"


def test_debug_off_requires_a_secret_key():
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY"}}
    clean.update(DEBUG="0", DJANGO_SETTINGS_MODULE="config.settings")
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True
    )
    assert out.returncode != 0
    assert "SECRET_KEY must be set" in out.stderr


def test_declared_languages():
    assert probe()["languages"] == ["en", "zh-hant", "ja", "th", "sw"]


def test_production_settings_pass_deploy_check(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="a-real-secret-key-for-the-deploy-check-0123456789-abcdefghijklmnop",
        ALLOWED_HOSTS="desk.example.org",
        DJANGO_SETTINGS_MODULE="config.settings",
        # The static manifest the deploy check asks for, collected here: the folder it read
        # before held one only if a server test had run earlier on the same worker.
        STATIC_ROOT=str(tmp_path / "static"),
    )
    collect = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"]
    subprocess.run(collect, cwd=ROOT, env=env, check=True, timeout=300)
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


@pytest.mark.django_db
def test_the_running_postgresql_connection_has_jit_off():
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("JIT is PostgreSQL's: SQLite has none")
    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone() == ("off",)
