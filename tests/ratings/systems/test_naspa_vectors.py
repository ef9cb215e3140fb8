"""The worked examples of the issue, reproduced to the published integer."""

from __future__ import annotations

import pytest

from ratings.systems import rate_event
from ratings.systems.types import EventGame

from .factories import one_per_round, rated, rating_list

OPPONENTS_1850 = [1702, 1702, 1778, 1922, 1922, 1998, 1998]


def test_1850_player_winning_5_of_7_ends_on_1875():
    ratings = rating_list(
        rated(1, 1850, 50), *(rated(10 + i, r) for i, r in enumerate(OPPONENTS_1850))
    )
    games = one_per_round(1, range(10, 17), [1, 1, 1, 1, 1, 0, 0])

    change = rate_event(ratings, games, system="naspa")[1]

    assert change.after == 1875
    assert change.wins == 5
    assert change.games == 7
    assert change.bonus == 0  # a 25-point gain is under 5 points a game


# A double round robin; the winner is named first. Rounds pair the two games that
# involve all four players.
A, B, C, D = 1, 2, 3, 4
DOUBLE_ROUND_ROBIN = [
    (1, A, B),
    (2, A, C),
    (3, A, D),
    (3, B, C),
    (2, D, B),
    (1, D, C),
    (4, A, B),
    (5, C, A),
    (6, A, D),
    (6, C, B),
    (5, B, D),
    (4, D, C),
]


@pytest.fixture
def double_round_robin():
    ratings = rating_list(
        rated(A, 1790, 30), rated(B, 1900, 120), rated(C, 1600, 80), rated(D, 2050, 300)
    )
    games = [EventGame(rnd, winner, loser, 1) for rnd, winner, loser in DOUBLE_ROUND_ROBIN]
    return rate_event(ratings, games, system="naspa")


def test_double_round_robin_final_ratings(double_round_robin):
    assert {p: c.after for p, c in double_round_robin.items()} == {
        A: 1873,
        B: 1881,
        C: 1610,
        D: 2040,
    }


def test_double_round_robin_a_earns_a_26_5_acceleration_bonus(double_round_robin):
    assert double_round_robin[A].bonus == pytest.approx(26.5, abs=0.05)
    # 1790 to 1800 at 30, the rest at 24; the bonus is the gain beyond 5 a game.
    remaining = (double_round_robin[A].wins - double_round_robin[A].expected) - 10 / 30
    gain = 10 + 24 * remaining
    assert double_round_robin[A].bonus == pytest.approx(gain - 30)


@pytest.mark.parametrize("player", [B, C, D])
def test_double_round_robin_opponents_get_feedback_per_game_against_a(double_round_robin, player):
    bonus = double_round_robin[A].bonus
    assert double_round_robin[player].feedback == pytest.approx(2 * bonus / 20)
    assert double_round_robin[player].bonus == 0
