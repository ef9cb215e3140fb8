"""Stored pairings read into export cells through the outcomes the standings use."""

from tournaments.exports import CellKind, EntryIn, build_division
from tournaments.exports.build import assign_boards
from tournaments.results.outcomes import BYE, DOUBLE_FORFEIT, FORFEIT, PLAYED, Spreads
from tournaments.selectors.divisions import PairingRow

ENTRIES = [EntryIn(10 * n, f"P{n}", 1500) for n in range(1, 7)]  # pks 10..60


def row(pk, rnd, table, first, second, kind=PLAYED, scores=(None, None), **extra):
    return PairingRow(
        pk, rnd, table, first, second, kind, extra.get("known", True), *scores,
        extra.get("forfeiter"), extra.get("playoff"),
    )  # fmt: skip


def test_boards_are_unique_and_never_zero_for_a_game():
    games = [
        row(1, 1, 1, 10, 20),
        row(2, 1, 1, 30, 40),  # the same table again
        row(3, 1, None, 50, 60),  # no table
        row(4, 1, 0, 10, 30),  # table 0
        row(5, 1, None, 20, None, BYE),
    ]
    # the games left over get the next boards in table order (table 0, the second 1, none)
    assert assign_boards(games) == {1: 1, 4: 2, 2: 3, 3: 4}
    assert assign_boards([row(1, 1, 7, 10, 20)]) == {1: 7}


def test_every_kind_of_round_becomes_its_cell():
    rows = [
        row(1, 1, 1, 10, 20, scores=(390, 390), playoff=10),
        row(2, 1, 2, 30, 40, DOUBLE_FORFEIT),
        row(3, 1, None, 50, None, BYE, scores=(0, None)),  # a half bye
        row(4, 2, 1, 10, 30, FORFEIT, forfeiter=30),
        row(5, 2, 2, 20, 40, scores=(400, None)),  # one score in: still waiting
        row(6, 2, None, 60, None, BYE),
    ]
    division = build_division("A", 3, ENTRIES, rows, Spreads(bye=75, forfeit=40))
    cells = {p.name: [(c.kind, c.opponent, c.score, c.p12, c.board) for c in p.cells]
             for p in division.players}  # fmt: skip
    assert cells == {
        "P1": [(CellKind.PLAYOFF_WON, 2, 390, 1, 1), (CellKind.FORFEIT_WON, 0, 40, 0, 0)],
        "P2": [(CellKind.PLAYOFF_LOST, 1, 390, 2, 1), (CellKind.PENDING, 4, None, 1, 2)],
        "P3": [(CellKind.DOUBLE_FORFEIT, 0, -40, 0, 0), (CellKind.FORFEIT_LOST, 0, -40, 0, 0)],
        "P4": [(CellKind.DOUBLE_FORFEIT, 0, -40, 0, 0), (CellKind.PENDING, 2, None, 2, 2)],
        "P5": [(CellKind.HALF_BYE, 0, 0, 0, 0), (CellKind.NOT_PAIRED, 0, 0, 0, 0)],
        "P6": [(CellKind.NOT_PAIRED, 0, 0, 0, 0), (CellKind.BYE, 0, 75, 0, 0)],
    }
    assert (division.rounds, division.rounds_paired, division.rounds_complete) == (3, 2, 1)
