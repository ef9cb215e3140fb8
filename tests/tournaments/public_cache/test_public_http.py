"""The public division pages over HTTP: 304 without the database, one build per change under
concurrent requests, the previous snapshot while a new one builds, gzip for visitors."""

import gzip
import threading

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.tournaments import reports_world
from tournaments.models import Pairing
from tournaments.public_cache import snapshots
from tournaments.selectors.stamps import public_division_stamp
from tournaments.services.results import result_record

KW = {"tournament_slug": "spring-open", "division_name": "A"}
PAGES = ("standings", "crosstable", "public_pairings", "public_stats", "feed")


def url(name, **extra):
    return reverse(f"tournaments:{name}", kwargs=KW | extra)


def record_a_result(division, first_score=400):
    game = Pairing.objects.filter(round__division=division, first_score__isnull=True).first()
    result_record(
        by=None,
        pairing_id=game.pk,
        first_score=first_score,
        second_score=380,
        expected_version=None,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
def test_a_revalidation_runs_no_query_until_a_service_changes_the_division(
    client, name, django_assert_num_queries
):
    division = reports_world.build()
    first = client.get(url(name))
    client.get(url(name), headers={"If-None-Match": first["ETag"]})  # keeps the stamp
    with django_assert_num_queries(0):
        again = client.get(url(name), headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    record_a_result(division)
    changed = client.get(url(name), headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert changed.content != first.content


@pytest.mark.django_db
def test_the_player_page_answers_304_without_a_query(client, django_assert_num_queries):
    reports_world.build()
    page = url("public_player", player_number=1)
    etag = client.get(page)["ETag"]
    client.get(page, headers={"If-None-Match": etag})
    with django_assert_num_queries(0):
        assert client.get(page, headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.django_db
def test_an_evicted_version_falls_back_to_the_database_stamp(client):
    reports_world.build()
    etag = client.get(url("standings"))["ETag"]
    client.get(url("standings"), headers={"If-None-Match": etag})
    cache.clear()
    assert client.get(url("standings"), headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
def test_visitors_get_gzip_and_revalidate_with_the_weak_etag(client, name):
    reports_world.build()
    response = client.get(url(name), headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    body = gzip.decompress(response.content).decode()
    assert "csrf" not in body.casefold()
    assert response["ETag"].startswith('W/"')
    again = client.get(
        url(name), headers={"Accept-Encoding": "gzip", "If-None-Match": response["ETag"]}
    )
    assert again.status_code == 304


@pytest.mark.django_db
def test_logged_in_pages_are_not_compressed(client):
    reports_world.build()
    client.force_login(factories.user())
    response = client.get(url("public_pairings"), headers={"Accept-Encoding": "gzip"})
    assert not response.has_header("Content-Encoding")
    assert "X-CSRFToken" in response.content.decode()


@pytest.mark.django_db
def test_without_accept_encoding_the_page_is_plain(client):
    reports_world.build()
    response = client.get(url("public_pairings"))
    assert not response.has_header("Content-Encoding")
    assert "Ben Ng" in response.content.decode()


def _count_builds(monkeypatch) -> list[int]:
    builds = []
    real = snapshots.division_snapshot

    def counted(division, stamp=None):
        builds.append(division.pk)
        return real(division, stamp)

    monkeypatch.setattr(snapshots, "division_snapshot", counted)
    return builds


@pytest.mark.django_db(transaction=True)
def test_concurrent_requests_after_a_result_wait_for_one_build(monkeypatch):
    division = reports_world.build()
    Client().get(url("public_pairings"))
    record_a_result(division)
    builds = _count_builds(monkeypatch)
    clients = 8
    barrier = threading.Barrier(clients)
    statuses = []

    def visit():
        try:
            barrier.wait()
            statuses.append(Client().get(url("public_pairings")).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=visit) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * clients
    assert builds == [division.pk]


@pytest.mark.django_db
def test_while_the_new_snapshot_builds_the_previous_one_is_served_as_updating(client, monkeypatch):
    division = reports_world.build()
    old = client.get(url("public_pairings"))
    record_a_result(division)
    stamp = public_division_stamp(KW["tournament_slug"], KW["division_name"])
    # Another process holds the build lock of the new stamp.
    cache.add(snapshots.snapshot_key(division.pk, stamp.tag) + ":building", 1, 10)
    monkeypatch.setattr(snapshots, "WAIT_BEFORE_STALE", 0.0)
    builds = _count_builds(monkeypatch)
    stale = client.get(url("public_pairings"))
    assert builds == []
    assert "Updating: the latest results are on their way." in stale.content.decode()
    assert stale["ETag"] == old["ETag"]
    assert "max-age=1" in stale["Cache-Control"]
    cache.delete(snapshots.snapshot_key(division.pk, stamp.tag) + ":building")
    fresh = client.get(url("public_pairings"))
    assert "Updating" not in fresh.content.decode() and fresh["ETag"] != old["ETag"]
    assert builds == [division.pk]


@pytest.mark.django_db
def test_the_kept_copy_is_compressed_once_and_each_visitor_gets_its_own_gzip_header(
    client, monkeypatch
):
    reports_world.build()
    gzip_headers = {"Accept-Encoding": "gzip"}
    client.get(url("public_stats"), headers=gzip_headers)  # keeps the stamp
    built = client.get(url("public_stats"), headers=gzip_headers)  # keeps the copy
    compressions = []
    real = gzip.compress
    monkeypatch.setattr(gzip, "compress", lambda *a, **k: compressions.append(1) or real(*a, **k))
    copies = [client.get(url("public_stats"), headers=gzip_headers) for _ in range(3)]
    assert compressions == []
    pages = {gzip.decompress(r.content) for r in [built, *copies]}
    assert len(pages) == 1
    assert all(r["Content-Encoding"] == "gzip" for r in copies)
    assert all(r["Content-Length"] == str(len(r.content)) for r in copies)
    assert copies[0]["ETag"] == built["ETag"] and copies[0]["ETag"].startswith('W/"')


@pytest.mark.django_db
def test_a_visitor_of_an_unchanged_division_costs_one_cache_round_trip(client, monkeypatch):
    reports_world.build()
    for _ in range(3):  # keeps the stamp, the copy and what this process saw
        client.get(url("standings"))
    reads, inside = [], []

    def counted(name, real):
        def call(*args, **kwargs):
            if not inside:  # the per-process cache's get_many calls its own get
                reads.append(name)
            inside.append(name)
            try:
                return real(*args, **kwargs)
            finally:
                inside.pop()

        return call

    for name in ("get", "get_many", "has_key"):
        monkeypatch.setattr(cache, name, counted(name, getattr(cache, name)))
    page = client.get(url("standings"))
    assert page.status_code == 200 and "Ben Ng" in page.content.decode()
    assert reads == ["get_many"]
