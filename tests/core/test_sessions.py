"""Where a signed-in request's session is read from: with the cache every server shares
(settings: cached_db when REDIS_URL is set) the database is asked only when the cache has lost it;
with the database alone it is asked on every request. A logout ends the session in both."""

from importlib import import_module

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

pytestmark = pytest.mark.django_db

CACHED = "django.contrib.sessions.backends.cached_db"
DATABASE = "django.contrib.sessions.backends.db"


def session_reads(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("home")).status_code == 200
    return sum('FROM "django_session"' in q["sql"] for q in queries.captured_queries)


@pytest.mark.parametrize(("engine", "reads"), [(CACHED, 0), (DATABASE, 1)])
def test_a_signed_in_request_reads_the_session_from_the_database_only_without_the_cache(
    settings, client, director, engine, reads
):
    settings.SESSION_ENGINE = engine
    client.force_login(director)
    assert session_reads(client) == reads


def test_a_session_the_cache_lost_is_read_back_from_the_database(settings, client, director):
    settings.SESSION_ENGINE = CACHED
    client.force_login(director)
    cache.clear()
    assert session_reads(client) == 1
    assert session_reads(client) == 0  # and kept in the cache again


@pytest.mark.parametrize("engine", [CACHED, DATABASE])
def test_a_logout_ends_the_session_for_every_server(settings, client, director, engine):
    settings.SESSION_ENGINE = engine
    client.force_login(director)
    key = client.session.session_key
    client.post(reverse("logout"))
    store = import_module(engine).SessionStore
    assert not store().exists(key)
    assert store(session_key=key).load() == {}
