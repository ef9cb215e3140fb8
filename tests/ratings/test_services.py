"""Rating tournaments and club nights into lists, and re-rating after a corrected result."""

import datetime

import pytest
from django.db.models import F

from clubs.services import casual_game_add, casual_game_correct
from core.models import AuditEntry
from ratings import systems as core
from ratings.games import division_games
from ratings.models import PlayerRating, RatingChange, RatingEvent
from ratings.services import (
    RatingRefused,
    club_session_rate,
    rating_list_create,
    rating_list_recompute,
    rerate_after_result_change,
    tournament_rate,
)
from tests import factories
from tests.ratings.rating_world import club_night, played_division, seeded_list
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def rating_of(rating_list, player) -> float:
    return PlayerRating.objects.get(rating_list=rating_list, player=player).rating


def test_rating_a_tournament_finalizes_it_and_stores_each_change():
    anna, ben = factories.player("Anna"), factories.player("Ben")
    national = rating_list_create(by=None, name="National")
    for player in (anna, ben):
        PlayerRating.objects.create(
            rating_list=national, player=player, rating=1500.0, initial_rating=1500.0
        )
    division = played_division([anna, ben], [[(1, 2, 420, 380)]])
    events = tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    division.tournament.refresh_from_db()
    assert division.tournament.finalized_at is not None
    assert [e.division_id for e in events] == [division.pk]
    # 1500 v 1500, newer players: +15 plus a 10-point acceleration bonus; the loser -15 and
    # half a point of feedback from the bonus earner (rounded half up).
    changes = {c.player_id: c for c in RatingChange.objects.filter(event=events[0])}
    assert (changes[anna.pk].before, changes[anna.pk].after, changes[anna.pk].bonus) == (
        1500.0,
        1525.0,
        10.0,
    )
    assert (changes[ben.pk].published, changes[ben.pk].feedback) == (1486, 0.5)
    assert (rating_of(national, anna), rating_of(national, ben)) == (1525.0, 1486.0)
    entry = AuditEntry.objects.get(action="tournament.rate")
    assert entry.tournament_id == division.tournament.pk
    assert entry.after["rating_list"] == national.slug


def test_byes_are_not_rated_and_ties_count_half():
    anna, ben, cleo = (factories.player(n) for n in ("Anna", "Ben", "Cleo"))
    division = played_division(
        [anna, ben, cleo], [[(1, 2, 400, 400), (3, None, 50, None)], [(3, 1, 390, 410)]]
    )
    games = division_games([division.pk])[division.pk]
    assert games == (
        core.EventGame(1, anna.pk, ben.pk, 0.5),
        core.EventGame(2, cleo.pk, anna.pk, 0.0),
    )
    national = rating_list_create(by=None, name="National")
    tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    rated = RatingChange.objects.filter(event__rating_list=national)
    assert {c.player_id: (c.games, c.wins) for c in rated} == {
        anna.pk: (2, 1.5),
        ben.pk: (1, 0.5),
        cleo.pk: (1, 0.0),
    }


def test_a_tournament_is_rated_once_per_list_and_needs_every_result():
    anna, ben = factories.player("Anna"), factories.player("Ben")
    division = played_division([anna, ben], [[(1, 2, 400, 300)], [(2, 1, None, None)]])
    national = seeded_list({anna: 1600, ben: 1600})
    with pytest.raises(RatingRefused, match="1 games have no result yet"):
        tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    assert not RatingEvent.objects.exists()
    division.tournament.refresh_from_db()
    assert division.tournament.finalized_at is None
    Pairing.objects.filter(round__number=2).update(first_score=350, second_score=360)
    tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    with pytest.raises(RatingRefused, match="already rated"):
        tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    assert RatingEvent.objects.count() == 1


def test_correcting_a_result_rerates_every_later_event():
    anna, ben, cleo = (factories.player(n) for n in ("Anna", "Ben", "Cleo"))
    national = seeded_list({anna: 1700, ben: 1600, cleo: 1500})
    first = played_division([anna, ben], [[(1, 2, 300, 450)]])
    second = played_division([anna, cleo, ben], [[(1, 2, 400, 380), (3, None, 50, None)]])
    tournament_rate(by=None, tournament=first.tournament, rating_list=national)
    tournament_rate(by=None, tournament=second.tournament, rating_list=national)
    later_before = RatingChange.objects.get(event__division=second, player=anna).before
    # The first event's only result was entered the wrong way round.
    Pairing.objects.filter(round__division=first).update(first_score=450, second_score=300)
    touched = rerate_after_result_change(first.tournament)
    assert touched == [national]
    initial = {
        p.pk: core.PlayerRating(p.pk, r, 100) for p, r in ((anna, 1700), (ben, 1600), (cleo, 1500))
    }
    first_games = division_games([first.pk])[first.pk]
    after_first = core.rate_event(initial, first_games, rounds=1)
    corrected = RatingChange.objects.get(event__division=second, player=anna)
    assert corrected.before == after_first[anna.pk].after != later_before
    expected = core.recompute(
        [
            core.RatedEvent(first_games, rounds=1),
            core.RatedEvent(division_games([second.pk])[second.pk], rounds=1),
        ],
        initial=initial,
    )
    assert {p: rating_of(national, p) for p in (anna, ben, cleo)} == {
        anna: expected[anna.pk].rating,
        ben: expected[ben.pk].rating,
        cleo: expected[cleo.pk].rating,
    }
    assert AuditEntry.objects.filter(action="rating_list.recompute").count() == 1


def test_recompute_without_changes_rewrites_the_same_figures():
    anna, ben = factories.player("Anna"), factories.player("Ben")
    national = seeded_list({anna: 1800, ben: 1750})
    division = played_division([anna, ben], [[(1, 2, 400, 300)], [(2, 1, 420, 410)]])
    tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    snapshot = sorted(RatingChange.objects.values_list("player_id", "before", "after"))
    events = rating_list_recompute(by=None, rating_list=national)
    assert len(events) == 1
    assert sorted(RatingChange.objects.values_list("player_id", "before", "after")) == snapshot


def test_newcomer_without_a_rated_game_leaves_no_row_after_recompute():
    anna, ben = factories.player("Anna"), factories.player("Ben")
    national = rating_list_create(by=None, name="National")
    division = played_division([anna, ben], [[(1, 2, 400, 300)]])
    tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    assert PlayerRating.objects.filter(rating_list=national).count() == 2
    Pairing.objects.update(kind=Pairing.Kind.FORFEIT, forfeited_by=F("second"))
    rerate_after_result_change(division.tournament)
    assert not PlayerRating.objects.filter(rating_list=national).exists()
    assert not RatingChange.objects.exists()


def test_club_night_is_rated_with_the_club_variant_divided_by_three():
    club = factories.club()
    anna, ben = factories.player("Anna"), factories.player("Ben")
    club_list = seeded_list({anna: 1500, ben: 1500}, name="Club list", scope_club=club)
    # Seeded as newer players so a tournament win would be worth +15 (+10 bonus).
    PlayerRating.objects.update(games=0, initial_games=0)
    night = club_night(club)
    casual_game_add(by=None, session=night, player_a=anna, player_b=ben, score_a=400, score_b=350)
    event = club_session_rate(by=None, session=night)
    assert event.club is True
    # A third of the Elo change, and no acceleration bonus in club play.
    assert (rating_of(club_list, anna), rating_of(club_list, ben)) == (1505.0, 1495.0)


def test_club_night_gain_is_capped_at_fifty():
    club = factories.club()
    low, high_a, high_b = (factories.player(n) for n in ("Low", "High A", "High B"))
    club_list = seeded_list({low: 1200, high_a: 1800, high_b: 1800}, scope_club=club)
    night = club_night(club)
    for i in range(10):
        opponent = high_a if i % 2 else high_b
        casual_game_add(
            by=None, session=night, player_a=low, player_b=opponent, score_a=400, score_b=300
        )
    club_session_rate(by=None, session=night, rating_list=club_list)
    assert rating_of(club_list, low) == 1250.0
    assert RatingChange.objects.get(player=low).games == 10


def test_correcting_a_rated_club_game_rerates_the_night():
    club = factories.club()
    anna, ben = factories.player("Anna"), factories.player("Ben")
    club_list = seeded_list({anna: 1500, ben: 1500}, scope_club=club)
    night = club_night(club)
    game = casual_game_add(
        by=None, session=night, player_a=anna, player_b=ben, score_a=400, score_b=350
    )
    club_session_rate(by=None, session=night)
    casual_game_correct(by=None, game=game, score_a=300, score_b=350)
    assert rating_of(club_list, anna) < 1500 < rating_of(club_list, ben)


def test_a_club_list_refuses_another_clubs_tournament():
    club_list = rating_list_create(by=None, name="Club", scope_club=factories.club())
    anna, ben = factories.player("Anna"), factories.player("Ben")
    division = played_division([anna, ben], [[(1, 2, 400, 300)]])
    with pytest.raises(RatingRefused, match="another club"):
        tournament_rate(by=None, tournament=division.tournament, rating_list=club_list)


def test_a_club_night_with_no_rated_game_is_refused():
    club = factories.club()
    rating_list_create(by=None, name="Club", scope_club=club)
    night = club_night(club, datetime.date(2025, 1, 7))
    anna, ben = factories.player("Anna"), factories.player("Ben")
    casual_game_add(
        by=None, session=night, player_a=anna, player_b=ben, score_a=1, score_b=2, rated=False
    )
    with pytest.raises(RatingRefused, match="no rated game"):
        club_session_rate(by=None, session=night)
