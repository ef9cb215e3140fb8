"""Build an ``ExportDivision`` from a division's entries and stored pairings.

Each pairing is read through ``tournaments.results.outcomes.pairing_outcomes``, the one reading
the standings use, with ``playoff_decides=False``: the files hold the scores on the board, so a
tie broken by a play-off word is written as the tie it was (as the ``.t`` export does). Boards:
a game keeps its table when it has one no earlier game of the round took; others get the next
free numbers, so no game is hidden (board 0) or shares a board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from tournaments.results.outcomes import (
    PLAYED,
    Outcome,
    SideOutcome,
    Spreads,
    pairing_outcomes,
    went_first,
)

from .model import (
    P12_FIRST,
    P12_SECOND,
    P12_UNKNOWN,
    UNPAIRED,
    Cell,
    CellKind,
    ExportDivision,
    ExportPlayer,
)


class EntryIn(NamedTuple):
    """An entry as the builder takes it, in line order: ``pk`` as the pairings name it."""

    pk: int
    name: str
    rating: int
    withdrawn: bool = False


_UNPLAYED_KIND = {
    Outcome.BYE: CellKind.BYE,
    Outcome.HALF_BYE: CellKind.HALF_BYE,
    Outcome.FORFEIT_WIN: CellKind.FORFEIT_WIN,
    Outcome.FORFEIT_LOSS: CellKind.FORFEIT_LOSS,
    Outcome.DOUBLE_FORFEIT: CellKind.FORFEIT_LOSS,
}


def build_division(
    name: str,
    rounds: int,
    entries: Sequence[EntryIn],
    pairings: Iterable,
    spreads: Spreads,
) -> ExportDivision:
    """``pairings``: objects with ``round_number`` and ``table`` besides the stored values
    ``pairing_outcomes`` reads (a ``PairingRow``)."""
    position = {entry.pk: index for index, entry in enumerate(entries, start=1)}
    by_round: dict[int, list] = {}
    for pairing in pairings:
        by_round.setdefault(pairing.round_number, []).append(pairing)
    last = max(by_round, default=0)
    cells: dict[tuple[int, int], Cell] = {}
    for number, found in by_round.items():
        boards = assign_boards(found)
        for pairing in found:
            for entry_id, cell in _cells(pairing, spreads, position, boards):
                cells[(number, entry_id)] = cell
    players = tuple(
        ExportPlayer(
            number=index,
            name=entry.name,
            rating=max(int(entry.rating), 0),
            cells=tuple(cells.get((r, entry.pk), UNPAIRED) for r in range(1, last + 1)),
            withdrawn=entry.withdrawn,
        )
        for index, entry in enumerate(entries, start=1)
    )
    return ExportDivision(name, max(rounds, last), players, spreads.forfeit)


def assign_boards(pairings: Sequence) -> dict[int, int]:
    """Board of each game between two players of one round, by pairing ``pk``."""
    games = [p for p in pairings if p.kind == PLAYED and p.second_id is not None]
    games.sort(key=lambda p: (p.table is None, p.table or 0, p.pk))
    boards: dict[int, int] = {}
    taken: set[int] = set()
    for game in games:
        if game.table and game.table > 0 and game.table not in taken:
            boards[game.pk] = game.table
            taken.add(game.table)
    free = max(taken, default=0)
    for game in games:
        if game.pk not in boards:
            free += 1
            boards[game.pk] = free
    return boards


def _cells(pairing, spreads: Spreads, position: dict[int, int], boards: dict[int, int]):
    sides = pairing_outcomes(pairing, spreads, playoff_decides=False)
    if not sides:  # a played game waiting for its scores
        for me, other in _players(pairing):
            yield me, _game(pairing, me, other, position, boards, None)
        return
    for side in sides:
        if side.outcome.played:
            yield side.player, _game(pairing, side.player, side.opponent, position, boards, side)
        else:
            yield side.player, Cell(_UNPLAYED_KIND[side.outcome], 0, side.spread)


def _players(pairing) -> tuple[tuple[int, int], ...]:
    return ((pairing.first_id, pairing.second_id), (pairing.second_id, pairing.first_id))


def _game(pairing, me, other, position, boards, side: SideOutcome | None) -> Cell:
    first = went_first(pairing, me)
    p12 = P12_UNKNOWN if first is None else P12_FIRST if first else P12_SECOND
    board = boards[pairing.pk]
    if side is None:
        return Cell(CellKind.PENDING, position[other], None, None, p12, board)
    return Cell(CellKind.PLAYED, position[other], side.points_for, side.points_against, p12, board)
