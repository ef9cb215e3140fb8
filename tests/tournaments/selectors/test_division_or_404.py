"""The one lookup of a division by its event's slug and its name: found with its event, or 404."""

import pytest
from django.http import Http404

from tests import factories
from tournaments.selectors.divisions import division_or_404

pytestmark = pytest.mark.django_db


def test_the_division_is_found_by_its_events_slug_and_its_name_with_the_event_read(
    django_assert_num_queries,
):
    event = factories.tournament()
    division = factories.division(event, name="A")
    with django_assert_num_queries(1):
        found = division_or_404(event.slug, "A")
        assert found.tournament.slug == event.slug
    assert found == division


@pytest.mark.parametrize("wrong", ["slug", "name"])
def test_a_wrong_slug_or_name_is_a_404_even_when_the_other_event_has_the_name(wrong):
    event, other = factories.tournament(), factories.tournament()
    factories.division(event, name="A")
    factories.division(other, name="B")
    slug, name = (other.slug, "A") if wrong == "slug" else (event.slug, "B")
    with pytest.raises(Http404):
        division_or_404(slug, name)
