"""Each rule of the NASPA-style system on its own."""

from __future__ import annotations

import math

import pytest

from ratings.systems import GameKind, rate_event
from ratings.systems.naspa import (
    NaspaConfig,
    expected_score,
    multiplier,
    prorated_rating,
    rate,
)
from ratings.systems.types import EventGame

from .factories import one_per_round, rated, rating_list


def test_expected_score_follows_the_published_logistic():
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1600, 1500) == pytest.approx(1 - 1 / (1 + math.exp(0.31879)))
    assert expected_score(1500, 1600) + expected_score(1600, 1500) == pytest.approx(1)


@pytest.mark.parametrize(
    ("rating", "career", "expected"),
    [
        (1799, 49, 30),
        (1800, 49, 24),
        (1999, 49, 24),
        (2000, 49, 15),
        (1799, 50, 20),
        (1800, 50, 16),
        (1999.5, 50, 16),
        (2000, 50, 10),
        (2400, 3000, 10),
    ],
)
def test_multiplier_by_band_and_experience(rating, career, expected):
    assert multiplier(rating, career) == expected


def test_a_rating_falling_from_a_band_edge_uses_the_band_below():
    assert multiplier(1800, 100, falling=True) == 20
    assert multiplier(2000, 10, falling=True) == 24


def test_gain_within_one_band_is_multiplier_times_excess():
    assert prorated_rating(1500, 100, 1.25) == pytest.approx(1525)
    assert prorated_rating(1500, 10, -1.25) == pytest.approx(1462.5)


def test_gain_across_1800_continues_at_the_next_band_multiplier():
    # 10 points at 30 use a third of a win; the other 1 2/3 wins count 24 each.
    assert prorated_rating(1790, 30, 2) == pytest.approx(1800 + 24 * (2 - 1 / 3))


def test_gain_across_both_edges_uses_three_multipliers():
    # 10 at 30 (1/3 win), 200 at 24 (25/3 wins), the remaining 4/3 wins at 15.
    assert prorated_rating(1790, 30, 10) == pytest.approx(2020)


def test_loss_across_1800_continues_at_the_lower_band_multiplier():
    # 10 points at 16 use 0.625 of a win; the other 1.375 lose 20 each.
    assert prorated_rating(1810, 100, -2) == pytest.approx(1772.5)


def test_no_excess_leaves_the_rating_alone():
    assert prorated_rating(1800, 100, 0) == 1800


def _three_wins_at_1500(config=None):
    ratings = rating_list(rated(1, 1500, 10), rated(2, 1500), rated(3, 1500), rated(4, 1500))
    games = one_per_round(1, [2, 3, 4], [1, 1, 1])
    if config is None:
        return rate_event(ratings, games, system="naspa")
    return rate(ratings, games, config=config)


def test_acceleration_bonus_is_the_gain_beyond_five_points_a_game():
    changes = _three_wins_at_1500()
    # Gain 30 * (3 - 1.5) = 45, five a game is 15: a bonus of 30 on top.
    assert changes[1].bonus == pytest.approx(30)
    assert changes[1].after == 1500 + 45 + 30


def test_feedback_goes_to_each_rated_opponent_per_game():
    changes = _three_wins_at_1500()
    for opponent in (2, 3, 4):
        assert changes[opponent].feedback == pytest.approx(30 / 20)
        # Lost 20 * 0.5, got 1.5 back: 1491.5, published half up as 1492.
        assert changes[opponent].after == 1492


def test_no_acceleration_when_gain_is_at_most_five_a_game():
    ratings = rating_list(rated(1, 1500), rated(2, 1500))
    changes = rate_event(ratings, one_per_round(1, [2], [1]), system="naspa")
    # Gain 20 * 0.5 = 10 > 5: bonus 5; a tie gains nothing and earns nothing.
    assert changes[1].bonus == pytest.approx(5)
    tie = rate_event(ratings, one_per_round(1, [2], [0.5]), system="naspa")
    assert tie[1].bonus == 0
    assert tie[1].after == 1500


def test_acceleration_can_be_switched_off():
    changes = _three_wins_at_1500(NaspaConfig(acceleration=False))
    assert changes[1].bonus == 0
    assert changes[1].after == 1545
    assert changes[2].feedback == 0


def test_newcomers_get_no_feedback():
    ratings = rating_list(rated(1, 1500, 10), rated(3, 1500))
    games = [EventGame(1, 1, 2, 1), EventGame(2, 1, 3, 1), EventGame(1, 3, 4, 1)]
    changes = rate_event(ratings, games, system="naspa")
    assert changes[1].bonus > 0
    assert changes[2].feedback == 0
    assert changes[3].feedback == pytest.approx(changes[1].bonus / 20)


def test_club_variant_divides_the_change_by_three_without_acceleration():
    ratings = rating_list(
        rated(1, 1850, 50),
        *(rated(10 + i, r) for i, r in enumerate([1702, 1702, 1778, 1922, 1922, 1998, 1998])),
    )
    games = one_per_round(1, range(10, 17), [1, 1, 1, 1, 1, 0, 0])
    full = rate(ratings, games, config=NaspaConfig(round_each_segment=False))[1]
    club = rate_event(ratings, games, system="naspa", club=True)[1]
    assert club.after == math.floor(1850 + (full.after - 1850) / 3 + 0.5) == 1858
    accelerated = rate_event(
        rating_list(rated(1, 1500, 10), rated(2, 1500), rated(3, 1500), rated(4, 1500)),
        one_per_round(1, [2, 3, 4], [1, 1, 1]),
        system="naspa-club",
    )
    assert accelerated[1].bonus == 0
    assert accelerated[1].after == 1515  # 45 / 3
    assert accelerated[2].feedback == 0


@pytest.mark.parametrize(("result", "after"), [(1, 1550), (0, 1450)])
def test_club_variant_caps_the_change_at_50(result, after):
    opponents = range(2, 14)
    ratings = rating_list(rated(1, 1500, 10), *(rated(o, 1500, 10) for o in opponents))
    games = one_per_round(1, opponents, [result] * 12)
    # 12 games at 30 a half win: 180 points, a third is 60, capped at 50.
    assert rate_event(ratings, games, system="naspa-club")[1].after == after


def test_byes_and_forfeits_are_not_rated():
    ratings = rating_list(
        rated(1, 1850, 50),
        *(rated(10 + i, r) for i, r in enumerate([1702, 1702, 1778, 1922, 1922, 1998, 1998])),
        rated(20, 1500),
    )
    games = one_per_round(1, range(10, 17), [1, 1, 1, 1, 1, 0, 0])
    games += [EventGame(8, 1, None, 1, GameKind.BYE), EventGame(9, 1, 20, 1, GameKind.FORFEIT)]
    changes = rate_event(ratings, games, system="naspa")
    assert changes[1].after == 1875
    assert changes[1].games == 7
    assert changes[20].after == 1500
    assert changes[20].games == 0


def test_result_is_the_same_whatever_the_order_of_games():
    ratings = rating_list(rated(1, 1700, 20), rated(2, 1810), rated(3, 1400, 5), rated(4, 2010))
    games = [
        EventGame(1, 1, 2, 1),
        EventGame(1, 3, 4, 0.5),
        EventGame(2, 1, 3, 0),
        EventGame(2, 2, 4, 1),
    ]
    assert rate_event(ratings, games) == rate_event(ratings, list(reversed(games)))


def test_veteran_rating_floor_is_optional():
    ratings = rating_list(rated(1, 520, 10), *(rated(o, 1500) for o in range(2, 8)))
    games = one_per_round(1, range(2, 8), [0] * 6)
    assert rate(ratings, games)[1].after < 520
    assert rate(ratings, games, config=NaspaConfig(rating_floor=515))[1].after == 515
