"""Glicko-2, checked against Glickman's worked example."""

from __future__ import annotations

import pytest

from ratings.systems import GameKind, PlayerRating, rate_event
from ratings.systems.glicko2 import SCALE, Glicko2Config, Glicko2Rating, update
from ratings.systems.messages import RatingError
from ratings.systems.types import EventGame

PLAYER = Glicko2Rating(1500, 200, 0.06)
OPPONENTS = [
    (Glicko2Rating(1400, 30, 0.06), 1),
    (Glicko2Rating(1550, 100, 0.06), 0),
    (Glicko2Rating(1700, 300, 0.06), 0),
]


def test_glickman_example():
    after = update(PLAYER, OPPONENTS)
    # The paper prints 1464.06 after rounding mu' to -0.2069; unrounded it is 1464.0507.
    assert after.rating == pytest.approx(1464.05, abs=0.005)
    assert after.rating == pytest.approx(1500 + SCALE * -0.2069, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def _example_event():
    ratings = {
        1: PlayerRating(1, 1500, 40, deviation=200, volatility=0.06),
        2: PlayerRating(2, 1400, 40, deviation=30, volatility=0.06),
        3: PlayerRating(3, 1550, 40, deviation=100, volatility=0.06),
        4: PlayerRating(4, 1700, 40, deviation=300, volatility=0.06),
    }
    games = [
        EventGame(1, 1, 2, 1),
        EventGame(2, 1, 3, 0),
        EventGame(3, 1, 4, 0),
        EventGame(4, 1, None, 1, GameKind.BYE),
    ]
    return rate_event(ratings, games, system="glicko2")


def test_an_event_is_one_rating_period():
    change = _example_event()[1]
    expected = update(PLAYER, OPPONENTS)
    assert change.after == expected.rating
    assert change.deviation == expected.deviation
    assert change.volatility == expected.volatility
    assert change.published == 1464
    assert change.games == 3  # the bye is not rated
    assert change.updated.deviation == expected.deviation
    assert change.updated.career_games == 43


def test_opponents_are_rated_from_pre_event_values():
    changes = _example_event()
    assert changes[2].after == update(Glicko2Rating(1400, 30, 0.06), [(PLAYER, 0)]).rating


def test_newcomers_start_at_1500_350_006_and_move_symmetrically():
    changes = rate_event({}, [EventGame(1, 1, 2, 1)], system="glicko2")
    assert changes[1].after - 1500 == pytest.approx(1500 - changes[2].after)
    assert (
        changes[1].after
        == update(Glicko2Rating(1500, 350, 0.06), [(Glicko2Rating(1500, 350, 0.06), 1)]).rating
    )
    assert changes[1].before is None


@pytest.mark.timeout(5)
def test_a_volatility_solve_that_cannot_settle_is_refused_not_endless():
    # A tolerance of zero can never be met by floating point: the bounded solve gives up.
    with pytest.raises(RatingError, match="did not settle within 1000 steps"):
        update(PLAYER, OPPONENTS, Glicko2Config(tolerance=0.0))


def test_the_usual_tolerance_settles_well_inside_the_bound():
    assert update(PLAYER, OPPONENTS, Glicko2Config(tolerance=1e-6)).rating > 0
