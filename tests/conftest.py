import os
import tempfile

import pytest

# Servers the tests start (`manage.py serve`) collect the static files into a folder of this
# worker's own: their collectstatic into the shared staticfiles/ raced another worker's static
# file scan (whitenoise) under pytest-xdist. The settings were read before this file, so the
# tests' own process keeps its STATIC_ROOT; only the servers they start read this.
os.environ.setdefault(
    "STATIC_ROOT",
    os.path.join(
        tempfile.gettempdir(),
        f"desk-static-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{os.getpid()}",
    ),
)


@pytest.fixture(scope="session", autouse=True)
def printout_fonts(request):
    """The PDF faces once a session, before any test: the first printout of a fresh machine
    builds the bold Noto Sans (~10 s of CPU), which otherwise fell on whichever test printed
    first and made its time depend on the order of the run. Runs without Django (the pure
    cores) print nothing and skip it."""
    if request.config.pluginmanager.hasplugin("django"):
        from printouts.fonts import register_base_fonts

        register_base_fonts()


@pytest.fixture(autouse=True)
def fast_password_hashing(request):
    """Tests create many accounts; the production hasher is slow by design.

    Pure-core tests may run without pytest-django (`-p no:django`), so ask for its fixture only
    when the plugin is there."""
    if request.config.pluginmanager.hasplugin("django"):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def restore_point_files(request, tmp_path_factory):
    """Restore points a test takes are written to a directory of its own, never MEDIA_ROOT;
    every round end takes its point (the gap between round-end points of a big event depends on
    the clock: its own tests set it)."""
    if request.config.pluginmanager.hasplugin("django"):
        settings = request.getfixturevalue("settings")
        settings.RESTORE_POINT_GAP_MS_PER_ENTRY = 0
        settings.STORAGES = settings.STORAGES | {
            "restore_points": {
                "BACKEND": "django.core.files.storage.FileSystemStorage",
                "OPTIONS": {"location": tmp_path_factory.mktemp("restore-points")},
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
