"""The one-loop standings rows of plain pairing rows equal what ``pairing_outcomes`` gives; a
late entry's starting rows are the shares its records give the division's paired rounds."""

from tournaments.results.game_rows import (
    game_results,
    pairing_rows_results,
    starting_rows,
    starting_through,
)
from tournaments.results.outcomes import Spreads
from tournaments.results.standings import GameResult, ResultKind
from tournaments.selectors.divisions import EntryRow, PairingRow

NUMBER = {11: 1, 12: 2, 13: 3, 14: 4}
SPREADS = Spreads(bye=40, forfeit=60)


def row(pk, first, second, kind="played", known=True, scores=(None, None), **extra):
    return PairingRow(pk, 2, pk, first, second, kind, known, *scores, None, None)._replace(**extra)


ROWS = [
    row(1, 11, 12, scores=(400, 350)),
    row(2, 13, 14, known=False, scores=(300, 390)),
    row(3, 11, 13, scores=(380, 380)),
    row(4, 12, 14, scores=(380, 380), playoff_winner_id=14),
    row(5, 11, 12, scores=(None, 350)),
    row(6, 13, None, kind="bye"),
    row(7, 14, None, kind="bye", scores=(0, None)),
    row(8, 11, 12, kind="forfeit", forfeited_by_id=12),
    row(9, 13, 14, kind="double_forfeit"),
    row(10, 14, None, kind="forfeit", forfeited_by_id=14),
]


def test_rows_of_plain_pairings_equal_the_rows_of_each_pairing_outcome():
    expected = [r for p in ROWS for r in game_results(2, p, NUMBER, SPREADS)]
    assert pairing_rows_results(ROWS, NUMBER, SPREADS) == expected
    assert [len(r) for r in pairing_rows_results(ROWS, NUMBER, SPREADS)] == [9] * len(expected)


def test_a_played_game_gives_each_side_its_scores_and_who_went_first():
    first, second = pairing_rows_results(ROWS[:1], NUMBER, SPREADS)
    assert first == (2, 1, 2, 400, 350, first.kind, True, None, None)
    assert second == (2, 2, 1, 350, 400, first.kind, False, None, None)
    unknown = pairing_rows_results(ROWS[1:2], NUMBER, SPREADS)
    assert [r.went_first for r in unknown] == [None, None]


def test_an_unreported_game_gives_no_rows():
    assert pairing_rows_results(ROWS[4:5], NUMBER, SPREADS) == []


LATE = EntryRow(15, 5, "Lee Late", 1500, None, 1.5, 1.5, 30, joins_at_round=5)


def paired(*rounds: int) -> list[PairingRow]:
    return [row(r, 11, 12)._replace(round_number=r) for r in rounds]


def test_a_late_entry_has_a_starting_row_for_each_missed_round_paired_with_its_share():
    by_round = lambda p: p.round_number  # noqa: E731
    assert starting_rows([LATE], [], by_round, SPREADS) == []
    assert starting_rows([LATE], paired(1), by_round, SPREADS) == [
        GameResult(1, 5, None, None, None, ResultKind.BYE, None, 90),
    ]
    rows = starting_rows([LATE], paired(1, 2, 3), by_round, SPREADS)
    assert rows == [
        GameResult(1, 5, None, None, None, ResultKind.BYE, None, 90),
        GameResult(2, 5, None, None, None, ResultKind.HALF_BYE, None, 0),
        GameResult(3, 5, None, None, None, ResultKind.FORFEIT_LOSS, None, -60),
    ]
    assert starting_through(rows, 2) == (1.5, 0.5, 90)
    assert starting_through(rows, 4) == (1.5, 1.5, 30)


def test_an_entry_without_a_starting_result_has_no_starting_rows():
    plain = LATE._replace(starting_wins=0, starting_losses=0, starting_spread=0)
    assert starting_rows([plain], paired(1, 2), lambda p: p.round_number, SPREADS) == []
