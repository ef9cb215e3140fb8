"""Crosstable cells: opponent, marker, scores, spread and first/second per round."""

from __future__ import annotations

import pytest

from tests.tournaments.results.test_standings import PLAYERS, RESULTS
from tournaments.results.crosstable import crosstable
from tournaments.results.standings import (
    GameResult,
    ResultKind,
    StandingsError,
    StandingsSettings,
    row_win_value,
    standings,
)


def row_of(table, player):
    return next(row for row in table.rows if row.player == player)


def test_rounds_and_rows_follow_results_and_player_order():
    table = crosstable(PLAYERS, RESULTS)
    assert table.rounds == (1, 2, 3)
    assert [row.player for row in table.rows] == [1, 2, 3, 4, 5]
    assert [row.name for row in table.rows] == ["Ann", "Bob", "Cy", "Di", "Ed"]


def test_played_game_cell_has_scores_spread_and_side():
    cell = row_of(crosstable(PLAYERS, RESULTS), 1).cells[0]
    assert (cell.opponent, cell.marker, cell.outcome) == (2, "W", "W")
    assert (cell.score, cell.opponent_score, cell.spread, cell.went_first) == (400, 350, 50, True)
    assert cell.label == "W 400–350 #2"


def test_tie_bye_forfeit_and_double_forfeit_markers():
    table = crosstable(PLAYERS, RESULTS)
    di = row_of(table, 4).cells
    assert [(c.marker, c.outcome, c.spread) for c in di] == [
        ("T", "T", 0),
        ("B", "W", 50),
        ("F", "L", -50),
    ]
    ed = row_of(table, 5).cells
    assert [(c.marker, c.outcome, c.spread, c.opponent) for c in ed] == [
        ("B", "W", 50, None),
        ("F", "L", -50, 2),
        ("B", "W", 50, None),
    ]
    assert ed[0].label == "B +50"
    assert ed[1].label == "F -50 #2"
    assert row_of(table, 2).cells[1].label == "F +50 #5"


def test_missing_round_is_an_empty_cell_and_settings_set_spreads():
    results = [*RESULTS, GameResult(4, 1, None, None, None, ResultKind.BYE)]
    table = crosstable(PLAYERS, results, settings=StandingsSettings(bye_spread=20))
    assert table.rounds == (1, 2, 3, 4)
    assert row_of(table, 2).cells[3] is None
    assert row_of(table, 1).cells[3].spread == 20


def test_result_for_unknown_player_is_refused():
    with pytest.raises(StandingsError):
        crosstable(PLAYERS, [GameResult(1, 8, None, None, None, ResultKind.BYE)])


def test_every_cell_is_worth_what_the_standings_count_it():
    """One reading of a row: each cell's outcome letter is the standings' ``row_win_value``, a
    play-off tie included (marked as such, counted as the word decided), and a player's cells
    add up to the wins the standings give them."""
    results = [
        *RESULTS,
        GameResult(4, 1, 2, 380, 380, won_playoff=True),
        GameResult(4, 2, 1, 380, 380, won_playoff=False),
        GameResult(4, 3, 4, 300, 300),
        GameResult(4, 4, 3, 300, 300),
    ]
    table = crosstable(PLAYERS, results)
    worth = {"W": 1.0, "T": 0.5, "L": 0.0}
    by_row = {(r.round, r.player): row_win_value(r) for r in results}
    for row in table.rows:
        for rnd, cell in zip(table.rounds, row.cells, strict=True):
            if cell is not None:
                assert cell.worth == worth[cell.outcome] == by_row[(rnd, row.player)], rnd
    ann, bob = row_of(table, 1).cells[3], row_of(table, 2).cells[3]
    assert (ann.marker, ann.outcome, bob.marker, bob.outcome) == ("PW", "W", "PL", "L")
    cy = row_of(table, 3).cells[3]
    assert (cy.marker, cy.outcome) == ("T", "T")
    standing = {s.player: s.wins for s in standings(PLAYERS, results)}
    for row in table.rows:
        assert sum(c.worth for c in row.cells if c is not None) == standing[row.player]
