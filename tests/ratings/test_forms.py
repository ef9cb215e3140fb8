"""The new-list form says where a newcomer's first rating comes from, as rating them does."""

import datetime

import pytest
from django.utils import translation

from clubs.services import casual_game_add, membership_add
from ratings.forms import RatingListForm
from ratings.services import club_rating_list_start, club_session_rate
from tests import factories
from tests.ratings.rating_world import club_night

pytestmark = pytest.mark.django_db

NO_SEED = (
    "No list: a newcomer starts from the rating on their player record, else by the system's "
    "newcomer rule"
)


def test_the_empty_seed_choice_says_a_newcomer_starts_from_their_own_rating():
    club = factories.club("Form Club")
    ann, bob = factories.player("Ann", rating=1700), factories.player("Bob")
    for player in (ann, bob):
        membership_add(by=None, club=club, player=player)
    assert str(RatingListForm(club=club).fields["seed_list"].empty_label) == NO_SEED
    club_list = club_rating_list_start(by=None, club=club, name="L", system="naspa")
    night = club_night(club, datetime.date(2025, 3, 4))
    casual_game_add(by=None, session=night, player_a=ann, player_b=bob, score_a=400, score_b=300)
    club_session_rate(by=None, session=night)
    assert club_list.ratings.get(player=ann).initial_rating == 1700  # not unrated


@pytest.mark.parametrize("language", ["zh-hant", "ja", "th", "sw"])
def test_the_empty_seed_choice_is_translated(language):
    with translation.override(language):
        label = str(RatingListForm(club=factories.club()).fields["seed_list"].empty_label)
    assert label != NO_SEED and "unrated" not in label
