"""A division page finds its division and event in one read (selectors.divisions.division_or_404)
and shows a private event's division only to those who may see the event."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db

# The event's whole row read on its own (the event's language, read apart, is not the row).
EVENT_ALONE = ('"tournaments_tournament"."is_public"', 'FROM "tournaments_tournament" WHERE')


def event_reads(client: Client, url: str) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as queries:
        status = client.get(url).status_code
    alone = [q["sql"] for q in queries.captured_queries if all(s in q["sql"] for s in EVENT_ALONE)]
    return status, len(alone)


@pytest.mark.parametrize("public", [True, False])
def test_the_director_s_division_page_reads_the_event_with_the_division(director, public):
    event = factories.tournament(director=director, is_public=public)
    factories.entries(factories.division(event, name="A"), 4)
    desk = Client()
    desk.force_login(director)
    url = reverse("tournaments:standings", args=[event.slug, "A"])
    assert event_reads(desk, url) == (200, 0)


@pytest.mark.parametrize(("public", "status"), [(True, 200), (False, 404)])
def test_a_stranger_sees_a_division_only_of_a_public_event(director, public, status):
    event = factories.tournament(director=director, is_public=public)
    factories.entries(factories.division(event, name="A"), 4)
    stranger = Client()
    stranger.force_login(factories.user("stranger"))
    for name in ("standings", "division", "crosstable"):
        assert stranger.get(reverse(f"tournaments:{name}", args=[event.slug, "A"])).status_code == (
            status
        )
    missing = reverse("tournaments:standings", args=[event.slug, "B"])
    assert stranger.get(missing).status_code == 404
