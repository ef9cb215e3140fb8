"""Who a standing prize can go to: only players who played a game, and rank prizes are settled
before rating-class prizes whatever order the bands were created in."""

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
    PlayerInfo(5, "Eve", rating=1000),  # entered, never played
]


def game(rnd: int, a: int, b: int, sa: int, sb: int) -> list[GameResult]:
    return [GameResult(rnd, a, b, sa, sb), GameResult(rnd, b, a, sb, sa)]


# Ann beats Ben by 100, Cat beats Dan by 10: Eve (0-0, +0) stands third, above both losers.
RESULTS = game(1, 1, 2, 450, 350) + game(1, 3, 4, 400, 390)


def given(bands: list[Band]):
    return award(bands, Field(standings(PLAYERS, RESULTS), RESULTS, {}), MoneyRules())


def awards(bands: list[Band]) -> dict[tuple[int, int], tuple[int, ...]]:
    return {(a.band, a.first): a.players for a in given(bands)}


def test_eve_without_a_game_stands_third_in_the_standings():
    assert [r.player for r in standings(PLAYERS, RESULTS)][:3] == [1, 3, 5]


def test_rank_prizes_go_only_to_players_who_played_a_game():
    held = awards([Band(1, PrizeKind.RANK, "Places", places=3)])
    assert held == {(1, 1): (1,), (1, 2): (3,), (1, 3): (4,)}


def test_rating_class_prizes_go_only_to_players_who_played_a_game():
    held = awards([Band(1, PrizeKind.RATING_CLASS, "Under 1150", rating_high=1150)])
    assert held == {(1, 1): (3,)}
    held = awards([Band(1, PrizeKind.RATING_CLASS, "Under 1050", rating_high=1050)])
    assert held == {(1, 1): (4,)}


CLASS = Band(1, PrizeKind.RATING_CLASS, "Under 2000", places=1, rating_high=2000)
RANK = Band(2, PrizeKind.RANK, "Places", places=2)
SETTLED = {(2, 1): (1,), (2, 2): (3,), (1, 1): (4,)}


def test_rank_prizes_are_settled_before_class_prizes_created_after_them():
    assert awards([RANK, CLASS]) == SETTLED


def test_rank_prizes_are_settled_before_class_prizes_created_before_them():
    assert awards([CLASS, RANK]) == SETTLED


def test_awards_are_listed_in_the_order_the_bands_were_created():
    assert [(a.band, a.first) for a in given([CLASS, RANK])] == [(1, 1), (2, 1), (2, 2)]
