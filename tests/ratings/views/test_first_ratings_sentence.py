"""A club's rating list page says where its first ratings come from, built from the list's own
settings (a seed list or none, the system, the provisional count)."""

import pytest
from django.utils import translation

from ratings.services import club_rating_list_start, rating_list_create
from ratings.views.lists import first_ratings_sentence
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_club_list_with_a_seed_list_names_it_on_its_page(client):
    national = rating_list_create(by=None, name="National Ratings", system="naspa")
    club_list = club_rating_list_start(
        by=None, club=factories.club(), name="Club", system="naspa", seed_list=national
    )
    page = client.get(club_list.get_absolute_url()).text
    assert (
        "First ratings: a newcomer on National Ratings starts from their rating there, else "
        "from the rating on their player record (as typed or pasted when they were added), "
        "else by the NASPA (Elo) newcomer rule, provisional until 50 rated games."
    ) in page


def test_a_club_list_without_a_seed_list_starts_from_the_player_record(client):
    club_list = club_rating_list_start(
        by=None, club=factories.club(), name="Club", system="absp", provisional_games=1
    )
    page = client.get(club_list.get_absolute_url()).text
    assert (
        "First ratings: a newcomer starts from the rating on their player record (as typed or "
        "pasted when they were added), else by the ABSP newcomer rule, provisional until 1 "
        "rated game."
    ) in page
    assert "starts from their rating there" not in page


def test_a_list_with_no_provisional_count_says_no_provisional_games():
    club_list = club_rating_list_start(
        by=None, club=factories.club(), name="Club", system="glicko2"
    )
    assert first_ratings_sentence(club_list) == (
        "First ratings: a newcomer starts from the rating on their player record (as typed or "
        "pasted when they were added), else by the Glicko-2 newcomer rule."
    )


@pytest.mark.parametrize("language", ["zh-hant", "ja", "th", "sw"])
def test_the_sentence_is_translated(language):
    national = rating_list_create(by=None, name="National Ratings", system="naspa")
    with_seed = club_rating_list_start(
        by=None, club=factories.club(), name="A", system="naspa", seed_list=national
    )
    english = first_ratings_sentence(with_seed)
    with translation.override(language):
        translated = first_ratings_sentence(with_seed)
    assert translated != english and "First ratings" not in translated
    assert "National Ratings" in translated and "50" in translated
