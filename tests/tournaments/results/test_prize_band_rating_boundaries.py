"""A rating-class band holds its top and bottom ratings: a player rated exactly at either edge
is in the band; one point outside is not."""

from __future__ import annotations

from tournaments.results.prize_money import MoneyRules
from tournaments.results.prizes import Band, Field, award
from tournaments.results.standings import GameResult, PlayerInfo, standings
from tournaments.results.stats import PrizeKind

PLAYERS = [
    PlayerInfo(1, "Ann", rating=1800),
    PlayerInfo(2, "Ben", rating=1200),
    PlayerInfo(3, "Cat", rating=1100),
    PlayerInfo(4, "Dan", rating=1000),
]


def game(a: int, b: int, sa: int, sb: int) -> list[GameResult]:
    return [GameResult(1, a, b, sa, sb), GameResult(1, b, a, sb, sa)]


RESULTS = game(1, 2, 450, 350) + game(3, 4, 400, 390)  # Ann, Cat, Ben, Dan


def holder(**limits) -> tuple[int, ...]:
    band = Band(1, PrizeKind.RATING_CLASS, "Class", **limits)
    field = Field(standings(PLAYERS, RESULTS), RESULTS, {})
    return tuple(p for a in award([band], field, MoneyRules()) for p in a.players)


def test_a_player_rated_exactly_at_a_bands_top_rating_takes_the_class_prize():
    assert holder(rating_high=1100) == (3,)


def test_a_player_rated_one_above_a_bands_top_rating_is_left_out():
    assert holder(rating_high=1099) == (4,)


def test_a_player_rated_exactly_at_a_bands_bottom_rating_is_in_the_band():
    assert holder(rating_low=1200, rating_high=1500) == (2,)
    assert holder(rating_low=1201, rating_high=1500) == ()
