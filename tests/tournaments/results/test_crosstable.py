"""Crosstable cells: opponent, marker, scores, spread and first/second per round."""

from __future__ import annotations

import pytest

from tests.tournaments.results.test_standings import PLAYERS, RESULTS
from tournaments.results.crosstable import crosstable
from tournaments.results.standings import GameResult, ResultKind, StandingsError, StandingsSettings


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
    assert cell.label == "W 400-350 #2"


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
