"""The one-loop standings rows of plain pairing rows equal what ``pairing_outcomes`` gives."""

from tournaments.results.game_rows import game_results, pairing_rows_results
from tournaments.results.outcomes import Spreads
from tournaments.selectors.divisions import PairingRow

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
