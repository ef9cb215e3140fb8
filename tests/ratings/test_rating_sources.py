"""Which rating is which: the entry's (set at registration) and the rating list's (as of a date)
are shown side by side and labelled with where they come from."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from core.formatting import fmt_date
from ratings.models import RatingList
from ratings.selectors import list_as_of
from tests import factories
from tests.ratings.rating_world import seeded_list
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def event_on_a_list(director):
    anna = factories.player("Anna Arden")
    national = seeded_list({anna: 1922}, name="National list")
    event = factories.tournament(director=director)
    division = factories.division(event)
    Entry.objects.create(division=division, player=anna, number=1, rating=1948)
    return event, division, national


def test_the_projection_shows_the_entry_rating_and_the_list_rating_with_their_sources(
    client, event_on_a_list
):
    event, _division, national = event_on_a_list
    page = client.get(reverse("ratings:projected", args=[national.slug, event.slug])).text
    assert "Entry rating" in page and "List rating before" in page
    row = page[page.index("Anna Arden") :]
    assert row.index("1948") < row.index("1922")
    today = fmt_date(timezone.localdate())
    assert f"List rating: National list, as of {today}" in page
    assert "Entry rating: set at registration" in page


def test_a_list_is_dated_by_its_latest_rated_event_else_its_creation(event_on_a_list, director):
    _event, _division, national = event_on_a_list
    assert list_as_of(national) == timezone.localdate(national.created_at)
    when = timezone.now() - datetime.timedelta(days=40)
    national.events.create(tournament=factories.tournament(), order=1, rated_at=when)
    assert list_as_of(RatingList.objects.get(pk=national.pk)) == timezone.localdate(when)


def test_the_registration_table_labels_its_rating_as_the_entry_rating(
    client, director, event_on_a_list
):
    event, division, _national = event_on_a_list
    client.force_login(director)
    page = client.get(reverse("tournaments:registration", args=[event.slug, division.name])).text
    assert '<a href="?sort=rating">Entry rating</a>' in page  # sortable: the header is a link
    assert "Entry rating: the rating set at registration" in page
    assert '<td class="num">1948</td>' in page
