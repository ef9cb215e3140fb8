import fcntl
import gc
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

# Servers the tests start (`manage.py serve`) collect the static files into a folder of this
# process's own: their collectstatic into a shared folder raced another worker's static file scan
# (whitenoise). Set, not defaulted: pytest-xdist's workers inherit the controller's environment,
# so a default left every worker's servers collecting into the controller's one folder. The
# settings were read before this file, so the tests' own process keeps its STATIC_ROOT; only
# the servers they start read this.
os.environ["STATIC_ROOT"] = os.path.join(
    tempfile.gettempdir(),
    f"desk-static-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{os.getpid()}",
)


def _keep_rewritten_tests() -> None:
    """Keep pytest's assertion-rewritten test modules even under PYTHONDONTWRITEBYTECODE.

    pytest reads a rewritten module's cache whether or not it may write one, but writes it only
    when Python may write bytecode: with the variable set, every worker of every run parsed and
    rewrote all ~530 test modules again (about 10 s of CPU a worker, half of collecting). Only
    the tests' own rewritten code is kept (`__pycache__/*-pytest-*.pyc`, as pytest keeps it by
    default); the product's modules are never written, so `bench mutants` (which runs with the
    variable set while a product module is changed) never reads a stale one."""
    from _pytest.assertion import rewrite

    if not sys.dont_write_bytecode or getattr(rewrite._rewrite_test, "kept", False):
        return
    rewrite_test = rewrite._rewrite_test

    def rewrite_and_keep(fn, config):
        source_stat, co = rewrite_test(fn, config)
        pyc = rewrite.get_cache_dir(fn) / f"{fn.name[:-3]}{rewrite.PYC_TAIL}"
        if rewrite.try_makedirs(pyc.parent):
            rewrite._write_pyc(config.stash[rewrite.assertstate_key], co, source_stat, pyc)
        return source_stat, co

    rewrite_and_keep.kept = True
    rewrite._rewrite_test = rewrite_and_keep


_keep_rewritten_tests()


def _hypothesis_without_wall_clock() -> None:
    """Hypothesis's default profile checks two wall times: a 200 ms deadline for each example
    and a health check that fails when making the examples is slow. On a loaded 2-core machine
    both fail a correct test by chance (a result-entry round trip did, while CI ran beside it),
    which is the timed assertion tests/test_no_wall_clock.py forbids. The examples themselves
    stay as they were."""
    from hypothesis import HealthCheck, settings

    settings.register_profile("desk", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("desk")


_hypothesis_without_wall_clock()


def pytest_configure(config):
    """xdist's own reordering of files by count of tests is off (see below). Set here rather than
    in addopts, which would break a run with `-p no:xdist`."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


@pytest.hookimpl(optionalhook=True)  # a run with `-p no:xdist` knows no such hook
def pytest_xdist_auto_num_workers(config):
    """`-n auto`: a worker a core, and one more. A browser test's worker waits on chromium and
    its live server for about half its time (a 2-core machine stood 55% idle through the event
    day's browser tests alone), so a third worker on two cores fills the gaps: the whole suite
    on 2 cores took 383 s with two workers and 354 s with three (SQLite; PostgreSQL 467 s and
    453 s). PYTEST_XDIST_AUTO_NUM_WORKERS still wins, as pytest-xdist documents."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


def pytest_collection_finish(session):
    """The collected suite (Django, the product, ~7,500 test items) is kept out of the garbage
    collector's reach, and young objects are collected less often. With Python's defaults the
    collector scanned that whole heap again and again: 14% of a worker's CPU in the result
    and page tests (5.0 s of 35 s), 2.5 s with these settings. Tests make cycles, not leaks;
    the collector still runs, only less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def pytest_collection_modifyitems(items):
    """The slow files run first: `pytest -n auto --dist loadfile` hands out whole files in this
    order (xdist's own reordering by count of tests put the files of one or two browser or
    server tests of a minute or more at the very end, where one worker ran them while the other
    stood idle). Files with more slow tests first; then the others by count
    of tests, as xdist would, so many small files fill the gaps and the workers finish together.
    Each file keeps its own order."""
    slow: dict[str, int] = {}
    count: dict[str, int] = {}
    for item in items:
        path = item.nodeid.split("::")[0]
        count[path] = count.get(path, 0) + 1
        if item.get_closest_marker("slow") or item.get_closest_marker("e2e"):
            slow[path] = slow.get(path, 0) + 1
    first = {path: index for index, path in enumerate(count)}

    def cost_order(item) -> tuple[int, int, int]:
        path = item.nodeid.split("::")[0]
        return (-slow.get(path, 0), -count[path], first[path])

    items.sort(key=cost_order)


@pytest.fixture(scope="session", autouse=True)
def printout_fonts(request):
    """The PDF faces once a session, before any test: the first printout of a fresh machine
    builds the bold Noto Sans (~10 s of CPU), which otherwise fell on whichever test printed
    first and made its time depend on the order of the run. Runs without Django (the pure
    cores) print nothing and skip it."""
    if request.config.pluginmanager.hasplugin("django"):
        from printouts.fonts import register_base_fonts

        register_base_fonts()


def copy_sqlite(source: Path, target: Path) -> None:
    """The backup API copies a consistent database whatever its journal (WAL) still holds."""
    reader, writer = sqlite3.connect(source), sqlite3.connect(target)
    try:
        reader.backup(writer)
    finally:
        reader.close()
        writer.close()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory):
    """Make a migrated SQLite database for a server or benchmark a test starts: returns
    `make(path) -> DATABASE_URL`. `manage.py migrate` of an empty file costs ~7 s of a fresh
    interpreter; it runs once for the whole run, at the first `make` (the workers of
    pytest-xdist share the parent of their base temp folder, and a lock lets the first build
    it) and each test gets a copy."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # this run's folder, above each worker's own
    template = shared / "migrated-template.sqlite3"

    def build() -> None:
        building = tmp_path_factory.mktemp("migrating") / "db.sqlite3"
        env = os.environ | {"DATABASE_URL": f"sqlite:///{building}"}
        env.pop("REDIS_URL", None)
        root = Path(__file__).resolve().parents[1]
        migrate = [sys.executable, "manage.py", "migrate", "-v0"]
        subprocess.run(migrate, cwd=root, env=env, check=True, timeout=300)
        copy_sqlite(building, building.with_suffix(".copy"))
        building.with_suffix(".copy").rename(template)  # whole or not at all

    def make(path: Path) -> str:
        with open(shared / "migrated-template.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not template.exists():
                build()
        copy_sqlite(template, path)
        return f"sqlite:///{path}"

    return make


def _postgres_admin(statement: str) -> None:
    import psycopg
    from django.conf import settings

    db = settings.DATABASES["default"]
    admin = f"host={db['HOST']} port={db['PORT']} user={db['USER']} dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(statement)


_MIGRATED_POSTGRES = pytest.StashKey[str | None]()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, request):
    """pytest-django's test database, and on PostgreSQL, when a collected test asks for
    `migrated_postgres`, a copy of it taken as soon as it is migrated, before any test writes to
    it (CREATE DATABASE ... TEMPLATE: 0.6 s, where `manage.py migrate` of a new database cost
    7.8 s of a fresh interpreter, 4.2 s of it CPU)."""
    from django.db import connection

    items = request.session.items
    wanted = any("migrated_postgres" in item.fixturenames for item in items)
    # pytest-django makes the test database only when a collected test is marked django_db.
    made = any(item.get_closest_marker("django_db") for item in items)
    if connection.vendor != "postgresql" or not (wanted and made):
        request.config.stash[_MIGRATED_POSTGRES] = None
        yield
        return
    source = connection.settings_dict["NAME"]
    template = f"{source[:50]}_migrated"
    with django_db_blocker.unblock():
        connection.close()  # a template database has no other session
    _postgres_admin(f'DROP DATABASE IF EXISTS "{template}"')
    _postgres_admin(f'CREATE DATABASE "{template}" TEMPLATE "{source}"')
    request.config.stash[_MIGRATED_POSTGRES] = template
    try:
        yield
    finally:
        _postgres_admin(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')


@pytest.fixture(scope="session")
def migrated_postgres(django_db_setup, request):
    """Make a migrated PostgreSQL database for a server a test starts: returns
    `make(name) -> (DATABASE_URL, drop)`, a copy of the test database as it was when migrated
    (see `django_db_setup` above), as `migrated_sqlite` copies its migrated file. None when the
    tests run on another database. Its tests are marked django_db: the test database is made
    only for a run that holds such a test."""
    from django.conf import settings
    from django.db import connection

    template = request.config.stash[_MIGRATED_POSTGRES]
    if connection.vendor != "postgresql":
        return None
    assert template, "no test database to copy: mark the tests that use this fixture django_db"
    db = settings.DATABASES["default"]

    def make(name: str):
        _postgres_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        _postgres_admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{name}"
        return url, lambda: _postgres_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return make


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing(request):
    """Tests create many accounts; the production hasher is slow by design. Every round end takes
    its restore point (the gap between round-end points of a big event depends on the clock:
    its own tests set it).

    Set once for the session (each test's `settings` fixture restores to these): set through
    `settings` before every test, they cost two overrides and their signals a test.
    Pure-core tests may run without pytest-django (`-p no:django`): nothing to set then."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.test import override_settings

    with override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        RESTORE_POINT_GAP_MS_PER_ENTRY=0,
    ):
        yield


@pytest.fixture(scope="session", autouse=True)
def quick_teardown_flush(request):
    """A transactional test's teardown keeps the content types and permissions post_migrate
    would write back, and empties the rest with DELETE, not TRUNCATE, on PostgreSQL: about
    40 ms instead of 230 (tests/flush.py says why it leaves the same)."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from tests.flush import PostgreSQL, SQLite, sql_flush_by_delete, sql_flush_keeping

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(PostgreSQL, "sql_flush", sql_flush_by_delete)
        patch.setattr(SQLite, "sql_flush", sql_flush_keeping)
        yield


@pytest.fixture(scope="session")
def restore_point_folders(tmp_path_factory) -> Path:
    """The folder of every test's own restore-point folder."""
    return tmp_path_factory.mktemp("restore-points")


@pytest.fixture(autouse=True)
def restore_point_files(request):
    """Restore points a test takes are written to a directory of its own, never MEDIA_ROOT.

    Each test's folder is made by `mkdtemp` in one folder of the session: `mktemp` numbers its
    folders by listing the base temp folder, which held one more of them for each test before
    (a worker's 3,500th test listed 3,500 folders: ~8 ms a test, ~30 s a worker in all)."""
    if request.config.pluginmanager.hasplugin("django"):
        settings = request.getfixturevalue("settings")
        folders = request.getfixturevalue("restore_point_folders")
        settings.STORAGES = settings.STORAGES | {
            "restore_points": {
                "BACKEND": "django.core.files.storage.FileSystemStorage",
                "OPTIONS": {"location": Path(tempfile.mkdtemp(dir=folders))},
            }
        }


@pytest.fixture(autouse=True)
def empty_cache(request):
    """Each test starts with an empty page cache: with Redis (CI's PostgreSQL pass) it would
    otherwise outlive the test, and the run, that filled it."""
    if request.config.pluginmanager.hasplugin("django"):
        from django.core.cache import cache

        from games.broadcast.views.public import forget_events
        from tournaments.public_cache.http import forget_remembered

        cache.clear()
        forget_remembered()
        forget_events()
    yield


@pytest.fixture(autouse=True)
def default_language(request):
    """Each test ends in the site's language: a test that switched to Thai left the next test
    of its worker reading Thai messages (the order of the run decided it)."""
    yield
    if request.config.pluginmanager.hasplugin("django"):
        from django.utils import translation

        translation.deactivate()


@pytest.fixture
def staff(db):
    from tests import factories

    return factories.user(is_staff=True)


@pytest.fixture
def director(db):
    from tests import factories

    return factories.user()


@pytest.fixture
def stranger(db):
    from tests import factories

    return factories.user()


@pytest.fixture
def event(director):
    from tests import factories

    return factories.tournament(director=director)


@pytest.fixture
def quickstart(monkeypatch):
    """`manage.py quickstart --no-serve`, its demo copied from the run's one build
    (tests/demo_copy.py) instead of built again: ~5 s of CPU a test. The copy is row for row
    and file for file a fresh build (tests/tournaments/commands/test_demo_copy.py), and
    tests/test_pages.py's own quickstart test builds it for real."""
    from django.core.management import call_command

    from config import demo
    from tests.demo_copy import load_demo_copy

    monkeypatch.setattr(demo, "load_demo", load_demo_copy)
    return lambda: call_command("quickstart", no_serve=True)


@pytest.fixture(scope="session", autouse=True)
def live_server_one_request_at_a_time_on_in_memory_sqlite(request):
    """Every live server of the run answers one request at a time on in-memory SQLite
    (tests/live_server.py says why). Set for the whole run, not only the browser tests: the
    session's one live server is built by whichever test asks first, the page-proxy bench too."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.test.testcases import LiveServerThread

    from tests.live_server import OneRequestAtATimeOnSharedSQLite

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LiveServerThread, "server_class", OneRequestAtATimeOnSharedSQLite)
        yield
