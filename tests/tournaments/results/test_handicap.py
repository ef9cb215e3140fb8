"""Handicap scores: base by grade, points per win and per tie, per-win points multiplied on a
day won outright. Worked out by hand in the comments."""

from decimal import Decimal as D

import pytest

from tournaments.results.handicap import (
    HandicapRules,
    days_by_date,
    grades_set,
    handicap_score,
    handicap_scores,
    win_value,
)
from tournaments.results.prize_money import MoneyRules
from tournaments.results.prizes import Band, Field, award
from tournaments.results.standings import GameResult, PlayerInfo, ResultKind, standings
from tournaments.results.stats import PrizeKind


def game(rnd: int, a: int, b: int, sa: int, sb: int) -> list[GameResult]:
    return [GameResult(rnd, a, b, sa, sb), GameResult(rnd, b, a, sb, sa)]


RULES = HandicapRules(
    bases={"A": D(0), "B": D(30)},
    per_win=D(10),
    per_tie=D(5),
    day_multiplier=D(2),
    days=((1, 2), (3, 4)),
)
# R1: #1 beats #3, #2 beats #4; R2: #1 beats #4, #3 beats #2; R3: #1 ties #2, #3 beats #4;
# R4: #3 beats #1, #2 beats #4.
RESULTS = (
    game(1, 1, 3, 400, 300) + game(1, 2, 4, 400, 350)
    + game(2, 1, 4, 400, 390) + game(2, 3, 2, 400, 300)
    + game(3, 1, 2, 380, 380) + game(3, 3, 4, 400, 200)
    + game(4, 3, 1, 400, 350) + game(4, 2, 4, 450, 300)
)  # fmt: skip
GRADES = {1: "A", 2: "B", 3: "C", 4: "B"}


def scores():
    return handicap_scores(GRADES, RESULTS, RULES)


def test_a_day_of_wins_only_doubles_that_days_win_points():
    # #1 (A, base 0): day 1 W W (perfect), day 2 T L.
    # 0 + 2 wins x 10 x 2 + 1 tie x 5 = 45.
    one = scores()[1]
    assert (one.wins, one.ties, one.perfect_days, one.day_wins, one.total) == (2, 1, (1,), 2, 45)


def test_a_day_with_one_loss_pays_the_plain_rate():
    # #2 (B, base 30): day 1 W L, day 2 T W: 30 + 2 x 10 + 1 x 5 = 55 (no perfect day).
    two = scores()[2]
    assert (two.base, two.wins, two.ties, two.perfect_days, two.total) == (30, 2, 1, (), 55)


def test_a_grade_missing_from_the_map_has_base_zero():
    # #3 (C, no base): day 1 L W, day 2 W W (perfect): 0 + 1 x 10 + 2 x 10 x 2 = 50.
    three = scores()[3]
    assert (three.base, three.perfect_days, three.total) == (0, (2,), 50)
    # #4 (B): four losses: 30.
    assert scores()[4].total == 30


def test_a_multiplier_of_one_means_no_day_bonus():
    plain = HandicapRules(RULES.bases, D(10), D(5), D(1), RULES.days)
    # #1: 0 + 2 x 10 + 5 = 25.
    assert handicap_scores(GRADES, RESULTS, plain)[1].total == 25


def test_a_day_not_fully_played_is_not_perfect_yet():
    # Only round 1 in: #1 has W in day (1, 2) but no round 2 result: 0 + 10 = 10.
    rows = [r for r in RESULTS if r.round == 1 and r.player == 1]
    assert handicap_score(1, "A", rows, RULES).total == 10


def test_byes_forfeit_wins_and_playoff_wins_are_whole_wins_half_byes_ties():
    assert win_value(GameResult(1, 1, None, None, None, ResultKind.BYE)) == 1.0
    assert win_value(GameResult(1, 1, 2, None, None, ResultKind.FORFEIT_WIN)) == 1.0
    assert win_value(GameResult(1, 1, 2, 400, 400, won_playoff=True)) == 1.0
    assert win_value(GameResult(1, 1, 2, 400, 400, won_playoff=False)) == 0.0
    assert win_value(GameResult(1, 1, 2, 400, 400)) == 0.5
    assert win_value(GameResult(1, 1, None, None, None, ResultKind.HALF_BYE)) == 0.5
    assert win_value(GameResult(1, 1, 2, None, None, ResultKind.DOUBLE_FORFEIT)) == 0.0
    # A day of a bye and a forfeit win is a perfect day: 2 x 10 x 2 = 40.
    rows = [
        GameResult(1, 1, None, None, None, ResultKind.BYE),
        GameResult(2, 1, 2, None, None, ResultKind.FORFEIT_WIN),
    ]
    assert handicap_score(1, "A", rows, RULES).total == 40


def test_the_handicap_band_ranks_by_score_and_shares_ties():
    # Scores: #2 55, #3 50, #1 45, #4 30; two places 300, 100.
    people = [PlayerInfo(n, f"P{n}") for n in range(1, 5)]
    band = Band(1, PrizeKind.HANDICAP, "Handicap", 2, (D(300), D(100)))
    field = Field(standings(people, RESULTS), RESULTS, scores())
    found = award([band], field, MoneyRules())
    assert [(p.players, p.shares, p.figure) for p in found] == [
        ((2,), (D(300),), "55"),
        ((3,), (D(100),), "50"),
    ]


def test_rounds_group_into_days_by_their_start_date():
    assert days_by_date({1: "d1", 2: "d1", 3: "d2", 4: None}) == ((1, 2), (3,))


@pytest.mark.parametrize("grade", ["", " "])
def test_no_grade_is_base_zero(grade):
    assert handicap_score(1, grade, [], RULES).total == 0


def test_grades_are_set_once_some_entrys_grade_has_base_points():
    rules = HandicapRules(bases={"A": D(10), "B": D(0)})
    assert grades_set({1: "A", 2: ""}, rules)
    assert grades_set({1: "B"}, rules)  # a base of 0 is still a base set on purpose
    assert not grades_set({1: "", 2: ""}, rules)  # no grades
    assert not grades_set({1: "C"}, rules)  # grades without bases
    assert not grades_set({1: "A"}, HandicapRules())  # no bases at all


def test_a_handicap_counts_a_row_as_the_standings_do():
    from tournaments.results.standings import row_win_value

    assert win_value is row_win_value
