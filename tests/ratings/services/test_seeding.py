"""Where a newcomer's first rating on a club's list comes from: the list's seed (national) list
when they are on it, else the rating on their player record (typed or pasted when they were
added), else the system's newcomer rule, provisional until the list's count of games."""

import datetime

import pytest

from clubs.services import casual_game_add
from ratings.models import PlayerRating, RatingChange
from ratings.services import club_rating_list_start, club_session_rate
from tests import factories
from tests.ratings.rating_world import club_night, seeded_list

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 5, 6)


def rate_night(club, pairs) -> dict[int, PlayerRating]:
    night = club_night(club, DAY)
    for a, b in pairs:
        casual_game_add(by=None, session=night, player_a=a, player_b=b, score_a=400, score_b=300)
    club_session_rate(by=None, session=night)
    return {r.player_id: r for r in PlayerRating.objects.select_related("rating_list")}


def test_without_a_seed_list_a_pasted_rating_is_the_first_rating_not_the_newcomer_rule():
    club = factories.club()
    pasted = factories.player("Pasted", rating=1900)
    unrated = factories.player("Unrated")
    club_rating_list_start(by=None, club=club, name="Club", system="naspa")
    rows = rate_night(club, [(unrated, pasted)])
    before = {c.player_id: c.before for c in RatingChange.objects.all()}
    assert before == {pasted.pk: 1900.0, unrated.pk: None}
    assert rows[pasted.pk].initial_rating == 1900.0 and rows[pasted.pk].provisional is False
    assert rows[unrated.pk].initial_rating is None and rows[unrated.pk].provisional is True


def test_a_rating_of_0_on_the_player_record_is_no_rating():
    club = factories.club()
    zero = factories.player("Zero", rating=0)
    one = factories.player("One", rating=1)
    club_rating_list_start(by=None, club=club, name="Club", system="glicko2", provisional_games=3)
    rows = rate_night(club, [(zero, one)])
    assert rows[zero.pk].initial_rating is None and rows[zero.pk].provisional is True
    assert rows[one.pk].initial_rating == 1.0


def test_with_a_seed_list_the_national_rating_wins_then_the_pasted_one_then_the_rule():
    club = factories.club()
    listed = factories.player("Listed", rating=1200)
    pasted = factories.player("Pasted", rating=1900)
    unrated = factories.player("Unrated")
    national = seeded_list({listed: 1750.0})
    club_rating_list_start(by=None, club=club, name="Club", system="naspa", seed_list=national)
    rows = rate_night(club, [(listed, pasted), (unrated, listed)])
    assert (rows[listed.pk].initial_rating, rows[listed.pk].initial_games) == (1750.0, 100)
    assert (rows[pasted.pk].initial_rating, rows[pasted.pk].initial_games) == (1900.0, 0)
    assert rows[unrated.pk].initial_rating is None and rows[unrated.pk].provisional is True


def test_a_player_already_on_the_list_keeps_their_start_when_their_record_changes():
    club = factories.club()
    ann, ben = factories.player("Ann", rating=1500), factories.player("Ben", rating=1600)
    club_rating_list_start(by=None, club=club, name="Club", system="glicko2")
    rate_night(club, [(ann, ben)])
    ann.rating = 2100
    ann.save()
    night = club_night(club, DAY + datetime.timedelta(days=7))
    casual_game_add(by=None, session=night, player_a=ann, player_b=ben, score_a=300, score_b=400)
    club_session_rate(by=None, session=night)
    assert PlayerRating.objects.get(player=ann).initial_rating == 1500.0
