"""Standings figures that players read off the page: averages over games actually played, every
opponent (forfeits too), spreads signed both ways, rounds up to and including ``through_round``
and head-to-head wherever the tied group sits."""

from __future__ import annotations

import pytest

from tournaments.results.standings import (
    GameResult,
    PlayerInfo,
    ResultKind,
    StandingsSettings,
    standings,
)

K = ResultKind
PLAYERS = [PlayerInfo(n, name) for n, name in enumerate(("Ann", "Bob", "Cy", "Di", "Ed"), 1)]


def played(rnd: int, a: int, b: int, sa: int, sb: int) -> list[GameResult]:
    return [
        GameResult(rnd, a, b, sa, sb, K.PLAYED, True),
        GameResult(rnd, b, a, sb, sa, K.PLAYED, False),
    ]


def forfeit(rnd: int, winner: int, loser: int) -> list[GameResult]:
    return [
        GameResult(rnd, winner, loser, None, None, K.FORFEIT_WIN),
        GameResult(rnd, loser, winner, None, None, K.FORFEIT_LOSS),
    ]


def unplayed(rnd: int, player: int, kind: ResultKind, opponent: int | None = None):
    return GameResult(rnd, player, opponent, None, None, kind)


def row_of(player: int, results, **kwargs):
    return next(r for r in standings(PLAYERS, results, **kwargs) if r.player == player)


# Ann plays three games for 1200 points (average 400), conceding 330 + 300 + 420 = 1050 (350).
ANN_PLAYED = [*played(1, 1, 2, 380, 330), *played(2, 3, 1, 300, 400), *played(4, 1, 4, 420, 420)]


@pytest.mark.parametrize(
    "extra",
    [
        [unplayed(3, 1, K.BYE)],
        [unplayed(3, 1, K.HALF_BYE)],
        forfeit(3, 1, 5),
        forfeit(3, 5, 1),
        [unplayed(3, 1, K.DOUBLE_FORFEIT, 5), unplayed(3, 5, K.DOUBLE_FORFEIT, 1)],
        [unplayed(3, 1, K.BYE), *forfeit(5, 1, 5), unplayed(6, 1, K.BYE)],
    ],
    ids=["bye", "half-bye", "forfeit-win", "forfeit-loss", "double-forfeit", "byes-and-forfeit"],
)
def test_average_score_counts_only_games_actually_played(extra):
    ann = row_of(1, ANN_PLAYED + extra)
    assert ann.games == 3 + len([r for r in extra if r.player == 1])
    assert ann.games_played == 3
    assert ann.average_score == 400.0
    assert ann.average_opponent_score == 350.0


def test_byes_left_out_of_games_leave_the_average_alone():
    settings = StandingsSettings(count_byes_in_games=False)
    ann = row_of(1, [*ANN_PLAYED, unplayed(3, 1, K.BYE)], settings=settings)
    assert (ann.games, ann.games_played, ann.byes) == (3, 3, 1)
    assert (ann.average_score, ann.average_opponent_score) == (400.0, 350.0)


def test_one_played_game_is_its_own_average():
    ann = row_of(1, [*played(1, 1, 2, 377, 401), unplayed(2, 1, K.BYE)])
    assert (ann.games, ann.games_played) == (2, 1)
    assert (ann.average_score, ann.average_opponent_score) == (377.0, 401.0)


def test_no_average_without_a_played_game():
    ed = row_of(5, [unplayed(1, 5, K.BYE), *forfeit(2, 5, 1)])
    assert (ed.games, ed.games_played) == (2, 0)
    assert ed.average_score is None and ed.average_opponent_score is None
    assert ed.high_game is None


def test_high_game_is_the_highest_played_score_whatever_the_order():
    results = [*played(1, 1, 2, 380, 400), *played(2, 1, 3, 455, 300), *played(3, 1, 4, 300, 310)]
    rows = {r.player: r for r in standings(PLAYERS, results)}
    assert rows[1].high_game == 455
    assert (rows[2].high_game, rows[3].high_game, rows[4].high_game) == (400, 300, 310)


# --- opponents ---------------------------------------------------------------------------------


def test_opponents_include_forfeit_opponents_in_round_order():
    results = [
        *played(1, 1, 2, 400, 300),
        *forfeit(2, 1, 3),  # Ann wins by forfeit against Cy
        *forfeit(3, 4, 1),  # Ann forfeits to Di
        unplayed(4, 1, K.BYE),
        unplayed(5, 1, K.DOUBLE_FORFEIT, 5),
        unplayed(5, 5, K.DOUBLE_FORFEIT, 1),
    ]
    rows = {r.player: r for r in standings(PLAYERS, results)}
    assert rows[1].opponents == (2, 3, 4, 5)
    assert rows[3].opponents == (1,)
    assert rows[4].opponents == (1,)
    assert rows[5].opponents == (1,)


# --- signs -------------------------------------------------------------------------------------


def test_spread_is_own_score_minus_opponents_for_winner_and_loser():
    rows = {r.player: r for r in standings(PLAYERS, played(1, 1, 2, 300, 420))}
    assert (rows[1].wins, rows[1].losses, rows[1].spread) == (0.0, 1.0, -120)
    assert (rows[2].wins, rows[2].losses, rows[2].spread) == (1.0, 0.0, 120)


@pytest.mark.parametrize(
    ("score", "against", "wins"), [(399, 400, 0.0), (400, 400, 0.5), (401, 400, 1.0)]
)
def test_a_game_is_won_lost_or_tied_by_a_single_point(score, against, wins):
    ann = row_of(1, played(1, 1, 2, score, against))
    assert (ann.wins, ann.losses, ann.spread) == (wins, 1.0 - wins, score - against)


def test_forfeit_spread_is_plus_for_the_winner_and_minus_for_the_loser():
    settings = StandingsSettings(forfeit_spread=30)
    rows = {r.player: r for r in standings(PLAYERS, forfeit(1, 2, 1), settings=settings)}
    assert (rows[2].wins, rows[2].spread) == (1.0, 30)
    assert (rows[1].losses, rows[1].spread) == (1.0, -30)


# --- through_round -----------------------------------------------------------------------------


@pytest.mark.parametrize(("through", "games"), [(1, 1), (2, 2), (3, 2), (4, 3)])
def test_through_round_includes_that_round_and_none_after(through, games):
    ann = row_of(1, ANN_PLAYED, through_round=through)  # Ann played rounds 1, 2 and 4
    assert ann.games == games


# --- head-to-head wherever the tied group stands -----------------------------------------------


def test_head_to_head_breaks_a_tie_in_the_last_group_of_the_standings():
    results = [
        *played(1, 1, 2, 400, 300),  # Ann beats Bob
        *played(1, 4, 3, 400, 300),  # Di beats Cy
        *played(2, 1, 4, 400, 300),  # Ann beats Di
        *played(2, 2, 3, 400, 300),  # Bob beats Cy
        *played(3, 3, 1, 400, 300),  # Cy beats Ann
        *played(3, 2, 4, 350, 300),  # Bob beats Di
    ]
    rows = standings(PLAYERS[:4], results, settings=StandingsSettings(tiebreaks=("head_to_head",)))
    # Ann and Bob have two wins and Ann beat Bob; Cy and Di, last, have one and Di beat Cy.
    assert [(r.rank, r.player, r.wins, r.head_to_head) for r in rows] == [
        (1, 1, 2.0, 1.0),
        (2, 2, 2.0, 0.0),
        (3, 4, 1.0, 1.0),
        (4, 3, 1.0, 0.0),
    ]
