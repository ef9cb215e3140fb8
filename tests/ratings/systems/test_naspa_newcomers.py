"""Initial ratings of newcomers: iterated performance ratings, floor and cap."""

from __future__ import annotations

import math

import pytest

from ratings.systems import rate_event
from ratings.systems.naspa import expected_score, newcomer_ratings, performance_rating

from .factories import one_per_round, rated, rating_list

# The rating difference at which one game is worth 5% (or 95%) of a win.
FIVE_PERCENT_GAP = math.log(19) / 0.0031879


def _single_newcomer(opponent_ratings, results):
    opponents = range(10, 10 + len(opponent_ratings))
    start = {1: None, **dict(zip(opponents, opponent_ratings, strict=True))}
    records = {1: list(zip(opponents, results, strict=True))}
    return newcomer_ratings(records, start)[1]


def test_performance_rating_makes_expected_wins_equal_wins():
    opponents = [1400, 1500, 1600, 1700, 1800]
    rating = performance_rating(opponents, 3)
    assert sum(expected_score(rating, o) for o in opponents) == pytest.approx(3, abs=1e-9)


def test_single_newcomer_gets_their_performance_rating():
    opponents = [1400, 1500, 1600, 1700, 1800]
    rating = _single_newcomer(opponents, [1, 1, 0, 1, 0])
    assert sum(expected_score(rating, o) for o in opponents) == pytest.approx(3, abs=1e-6)
    ratings = rating_list(*(rated(10 + i, r) for i, r in enumerate(opponents)))
    change = rate_event(ratings, one_per_round(1, range(10, 15), [1, 1, 0, 1, 0]))[1]
    assert change.before is None
    assert change.after == math.floor(rating + 0.5)
    assert change.updated.career_games == 5


def test_zero_score_is_rated_as_five_percent_of_the_games():
    assert _single_newcomer([1600] * 4, [0] * 4) == pytest.approx(1600 - FIVE_PERCENT_GAP)


def test_perfect_score_is_rated_as_ninety_five_percent_of_the_games():
    # Mostly weak opponents keep the result under the cap (1500 + 400).
    opponents = [500] * 9 + [1500]
    rating = _single_newcomer(opponents, [1] * 10)
    assert rating < 1900
    assert sum(expected_score(rating, o) for o in opponents) == pytest.approx(9.5, abs=1e-6)


def test_initial_rating_is_capped_at_best_opponent_plus_400_times_win_fraction():
    # 4/4 against 1200s performs at 1200 + 924, but may not pass 1200 + 400.
    assert _single_newcomer([1200] * 4, [1] * 4) == pytest.approx(1600)
    # 3/4: the cap is 1200 + 300.
    assert _single_newcomer([1200] * 4, [1, 1, 1, 0]) == pytest.approx(1500)


def test_initial_rating_is_never_below_500():
    assert _single_newcomer([600] * 10, [1] + [0] * 9) == 500


def test_cap_applies_after_the_floor_as_published():
    # Against a 300-rated opponent a lost game caps the newcomer at 300.
    assert _single_newcomer([300], [0]) == 300


def test_newcomers_are_iterated_together_to_a_fixed_point():
    start = {1: None, 2: None, 10: 1500.0, 11: 1700.0}
    records = {
        1: [(10, 1), (11, 0), (2, 1)],
        2: [(10, 1), (11, 1), (1, 0)],
    }
    result = newcomer_ratings(records, start)
    effective = {**start, **result}
    for newcomer, record in records.items():
        wins = sum(r for _, r in record)
        expected = sum(expected_score(result[newcomer], effective[o]) for o, _ in record)
        assert expected == pytest.approx(wins, abs=1e-5)


def test_newcomers_without_rated_opponents_start_from_1500():
    start = {1: None, 2: None}
    records = {1: [(2, 1), (2, 0)], 2: [(1, 0), (1, 1)]}
    assert newcomer_ratings(records, start) == {1: 1500, 2: 1500}


def test_veterans_are_rated_against_a_newcomers_new_rating():
    ratings = rating_list(rated(1, 1500), rated(10, 1600), rated(11, 1700))
    games = one_per_round(2, [10, 11, 1], [1, 0, 1])
    changes = rate_event(ratings, games)
    newcomer = newcomer_ratings(
        {2: [(10, 1), (11, 0), (1, 1)]}, {1: 1500, 2: None, 10: 1600, 11: 1700}
    )[2]
    assert changes[1].expected == pytest.approx(expected_score(1500, newcomer))
    assert changes[2].after == math.floor(newcomer + 0.5)


def test_newcomer_with_only_byes_stays_unrated():
    from ratings.systems.types import EventGame, GameKind

    changes = rate_event({}, [EventGame(1, 5, None, 1, GameKind.BYE)])
    assert changes == {}
