"""The ABSP weighted rolling system."""

from __future__ import annotations

import math

import pytest

from ratings.systems import GameKind, PlayerRating, rate_event
from ratings.systems.absp import ABSP, AbspConfig, game_points, rate, weighted_rating
from ratings.systems.types import EventGame

from .factories import one_per_round

PENZANCE = [161, 157, 154, 167, 155, 167, 160, 159, 154, 156, 155, 156]


@pytest.mark.parametrize(("result", "points"), [(1, 179), (0.5, 129), (0, 79)])
def test_opponent_more_than_40_away_counts_as_40_away(result, points):
    assert game_points(169, 120, result) == points
    assert game_points(120, 169, 1 - result) == 160 + 50 * (1 - 2 * result)


def test_weights_run_from_225_for_the_newest_game_down():
    assert weighted_rating([100, 200]) == pytest.approx((224 * 100 + 225 * 200) / 449)


def test_only_the_newest_150_games_count():
    assert weighted_rating([0] * 50 + [100] * 150) == 100


def test_penzance_example_earns_2001_points_over_12_games():
    ratings = {1: PlayerRating(1, 160, 100, history=(160,) * 100)}
    for i, rating in enumerate(PENZANCE):
        ratings[10 + i] = PlayerRating(10 + i, rating, 100)
    results = [1] * 7 + [0] * 5
    assert sum(game_points(160, r, s) for r, s in zip(PENZANCE, results, strict=True)) == 2001
    change = rate_event(ratings, one_per_round(1, range(10, 22), results), system="absp")[1]
    # 100 old games at 160 weigh 114..213, the 12 new at 2001/12 weigh 214..225.
    old, new = sum(range(114, 214)), sum(range(214, 226))
    assert change.after == math.floor((160 * old + 2001 / 12 * new) / (old + new) + 0.5) == 161
    assert change.updated.history[-12:] == (2001 / 12,) * 12
    assert len(change.updated.history) == 112
    assert change.expected is None


def _newcomer_sweeps(config=ABSP):
    ratings = {o: PlayerRating(o, 150, 5, history=(150,) * 5) for o in range(10, 16)}
    return rate(ratings, one_per_round(1, range(10, 16), [1] * 6), config=config)


def test_ten_point_rule_rerates_the_division_with_the_new_start_rating():
    changes = _newcomer_sweeps()
    # First pass: start 150 (mean of opponents), 200 a game, 50 up: re-rate from 200,
    # where 150-rated opponents count as 160: 210 a game.
    assert changes[1].after == 210
    # Each opponent's game now counts the newcomer as 190 (cap 40): 140 a game.
    old = sum(range(220, 225))
    assert changes[10].after == math.floor((150 * old + 140 * 225) / (old + 225) + 0.5) == 148


def test_without_the_ten_point_rule_the_first_pass_stands():
    changes = _newcomer_sweeps(AbspConfig(reset_threshold=math.inf))
    assert changes[1].after == 200
    assert changes[10].after == 142


def test_rating_never_drops_below_50():
    ratings = {o: PlayerRating(o, 60, 200) for o in range(10, 14)}
    changes = rate_event(ratings, one_per_round(1, range(10, 14), [0] * 4), system="absp")
    assert changes[1].after == 50


def test_byes_are_ignored_and_idle_players_unchanged():
    ratings = {1: PlayerRating(1, 150, 40), 2: PlayerRating(2, 150, 40)}
    games = [
        EventGame(1, 1, 2, 0.5),
        EventGame(2, 1, None, 1, GameKind.BYE),
        EventGame(3, 2, 1, 1, GameKind.FORFEIT),
    ]
    changes = rate_event(ratings, games, system="absp")
    assert changes[1].games == 1
    assert changes[1].after == 150  # a tie against an equal is worth one's own rating
