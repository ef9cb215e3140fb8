"""Registration numbers players by rating before round 1; the pairing page says how round 1 is
seeded; long tables have Tick all (issue 33)."""

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(director):
    event = factories.tournament(director=director, slug="numbers-open")
    division = factories.division(event, name="A", rounds=3)
    for entry, rating in zip(factories.entries(division, 3), [1500, 2000, 1800], strict=True):
        entry.rating = rating
        entry.save(update_fields=["rating"])
    return division


def page(name: str) -> str:
    return reverse(f"tournaments:{name}", args=["numbers-open", "A"])


def test_registration_numbers_by_rating_until_round_one_is_paired(client, director, division):
    client.force_login(director)
    text = client.get(page("registration")).text
    assert "Number the players by rating" in text and "Tick all" in text
    response = client.post(page("number_by_rating"), follow=True)
    assert "Numbered by rating: 3 numbers changed." in response.text
    assert list(division.entries.order_by("number").values_list("rating", flat=True)) == [
        2000, 1800, 1500,
    ]  # fmt: skip
    factories.round_with_pairings(division, list(division.entries.order_by("number")))
    assert "Number the players by rating" not in client.get(page("registration")).text


def test_the_pairing_page_says_how_round_one_is_seeded(client, director, division):
    client.force_login(director)
    text = client.get(page("pairing")).text
    assert "Round 1 is seeded by entry rating, highest first, then by player number." in text
