"""One entry point for every system; recomputing a list; input validation."""

from __future__ import annotations

import pytest

from ratings.systems import (
    SYSTEMS,
    GameKind,
    RatedEvent,
    RatingError,
    project_ratings,
    rate_event,
    recompute,
)
from ratings.systems.messages import NO_CLUB_VARIANT, UNKNOWN_SYSTEM
from ratings.systems.naspa import NASPA
from ratings.systems.types import EventGame

from .factories import rated, rating_list


def test_registry_names_the_four_systems():
    assert set(SYSTEMS) == {"naspa", "naspa-club", "absp", "glicko2"}
    assert SYSTEMS["naspa"].club_variant == "naspa-club"


def test_unknown_system_is_a_translatable_error():
    with pytest.raises(RatingError) as caught:
        rate_event({}, [], system="fide")
    assert caught.value.template == UNKNOWN_SYSTEM
    assert caught.value.params == {"system": "fide"}
    assert str(caught.value) == "Unknown rating system fide."


@pytest.mark.parametrize("system", ["absp", "glicko2"])
def test_club_flag_needs_a_club_variant(system):
    with pytest.raises(RatingError) as caught:
        rate_event({}, [], system=system, club=True)
    assert caught.value.template == NO_CLUB_VARIANT


RATINGS = rating_list(rated(1, 1500, 10), rated(2, 1500), rated(3, 1500), rated(4, 1500))
SWEEP = [EventGame(1, 1, 2, 1), EventGame(2, 1, 3, 1), EventGame(3, 1, 4, 1)]


def test_club_flag_selects_the_club_variant_by_name_or_config():
    by_name = rate_event(RATINGS, SWEEP, system="naspa-club")
    assert rate_event(RATINGS, SWEEP, system="naspa", club=True) == by_name
    assert rate_event(RATINGS, SWEEP, system=NASPA, club=True) == by_name


def test_projection_is_the_event_rated_on_games_so_far():
    games_so_far = SWEEP[:2]
    projected = project_ratings(RATINGS, games_so_far, rounds=3)
    assert projected == rate_event(RATINGS, games_so_far, rounds=3)
    assert projected[1].games == 2


def _events(first_result, *, club_second=True):
    first = (EventGame(1, 1, 2, first_result), EventGame(1, 3, 4, 1), EventGame(2, 1, 3, 0))
    second = (EventGame(1, 1, 4, 1), EventGame(1, 2, 3, 0.5))
    return [RatedEvent(first), RatedEvent(second, club=club_second)]


def test_recompute_rates_events_in_order():
    final = recompute(_events(1), initial=RATINGS)
    first = rate_event(RATINGS, _events(1)[0].games)
    middle = {**RATINGS, **{p: c.updated for p, c in first.items()}}
    second = rate_event(middle, _events(1)[1].games, club=True)
    assert {p: final[p].rating for p in final} == {
        **{p: c.after for p, c in first.items()},
        **{p: c.after for p, c in second.items()},
    }
    assert final[1].career_games == 10 + 2 + 1


def test_recompute_after_a_corrected_result_changes_later_ratings():
    original = recompute(_events(1, club_second=False), initial=RATINGS)
    corrected = recompute(_events(0, club_second=False), initial=RATINGS)
    assert corrected[1].rating < original[1].rating
    assert corrected[4].rating != original[4].rating  # met player 1 only in event two


def test_recompute_from_an_empty_list_rates_newcomers_first():
    after_first = recompute(_events(1)[:1], system="naspa")
    assert set(after_first) == {1, 2, 3, 4}
    assert all(entry.rating >= 500 for entry in after_first.values())
    final = recompute(_events(1), system="naspa")
    assert {p: e.career_games for p, e in final.items()} == {1: 3, 2: 2, 3: 3, 4: 2}


@pytest.mark.parametrize(
    ("game", "rounds", "message"),
    [
        (
            EventGame(1, 1, 2, 2),
            None,
            "Round 1: the result of player 1 must be 1, 0.5 or 0, not 2.",
        ),
        (EventGame(0, 1, 2, 1), None, "Rounds are numbered from 1; got round 0."),
        (EventGame(1, 1, 1, 1), None, "Round 1: player 1 cannot play against themself."),
        (
            EventGame(1, 1, None, 1),
            None,
            "Round 1: the game of player 1 has no opponent; record a bye instead.",
        ),
        (
            EventGame(1, 1, 2, 1, GameKind.BYE),
            None,
            "Round 1: the bye of player 1 cannot name an opponent.",
        ),
        (EventGame(5, 1, 2, 1), 4, "The event has 4 rounds but a game was recorded in round 5."),
    ],
)
@pytest.mark.parametrize("system", ["naspa", "absp", "glicko2"])
def test_impossible_records_are_refused(game, rounds, message, system):
    with pytest.raises(RatingError) as caught:
        rate_event({}, [game], system=system, rounds=rounds)
    assert str(caught.value) == message


def test_a_player_cannot_play_twice_in_a_round():
    with pytest.raises(RatingError) as caught:
        rate_event({}, [EventGame(1, 1, 2, 1), EventGame(1, 3, 1, 0)])
    assert caught.value.params == {"round": 1, "player": 1}
