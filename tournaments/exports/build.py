"""Build an ``ExportDivision`` from a division's entries and stored pairings.

Each player's rounds are their records (``tournaments.results.records.entry_records``), the one
reading of a round every writer shares: a played game keeps the scores on the board (a tie the
division's rule broke, by a play-off word or the lead before the racks, is
``PLAYOFF_WON``/``PLAYOFF_LOST`` with the two equal scores), a late entry's missed round
carries its share of the starting result (a bye, half bye or forfeit loss with that spread) or
is ``NOT_JOINED``, a round after a withdrawal ``WITHDRAWN``. Boards: a game keeps its
table when it has one no earlier game of the round took; others get the next free numbers, so no
game is hidden (board 0) or shares a board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from tournaments.results.outcomes import PLAYED, Spreads
from tournaments.results.records import (
    EntryFacts,
    Record,
    RoundRecord,
    by_round,
    entry_records,
    starting_as,
)

from .model import P12_FIRST, P12_NONE, P12_SECOND, P12_UNKNOWN, Cell, ExportDivision, ExportPlayer


class EntryIn(NamedTuple):
    """An entry as the builder takes it, in line order: ``pk`` as the pairings name it."""

    pk: int
    name: str
    rating: int
    withdrawn: bool = False
    facts: EntryFacts | None = None  # late entry, withdrawal round, starting result
    latin_name: str = ""
    latin_guessed: bool = False
    member_id: str = ""


def build_division(
    name: str,
    rounds: int,
    entries: Sequence[EntryIn],
    pairings: Iterable,
    spreads: Spreads,
    *,
    playoff_after: int | None = None,
    order: tuple[int, ...] = (),
    stored_tables: bool = False,
    withdrawn_last: bool = False,
) -> ExportDivision:
    """``pairings``: objects with ``round_number`` and ``table`` besides the stored values
    ``pairing_outcomes`` reads (a ``PairingRow``). ``order``: the site's standings order;
    ``stored_tables``: boards are the stored tables as they are (0 for none), as a ``.t`` file
    read in had them, instead of ``assign_boards``."""
    position = {entry.pk: index for index, entry in enumerate(entries, start=1)}
    found = list(pairings)
    last = max((p.round_number for p in found), default=0)
    boards: dict[int, int] = {}
    per_round: dict[int, list] = {}
    for pairing in found:
        per_round.setdefault(pairing.round_number, []).append(pairing)
    for games in per_round.values():
        boards.update(
            {p.pk: p.table or 0 for p in games} if stored_tables else assign_boards(games)
        )
    mine = by_round(found, lambda p: p.round_number)
    players = []
    for index, entry in enumerate(entries, start=1):
        facts = entry.facts or EntryFacts(entry.pk)
        records = entry_records(
            facts, mine.get(entry.pk, {}), last, spreads, playoff_after=playoff_after
        )
        players.append(
            ExportPlayer(
                number=index,
                name=entry.name,
                rating=max(int(entry.rating), 0),
                cells=tuple(_cell(r, position, boards) for r in records),
                withdrawn=entry.withdrawn,
                joins_at_round=facts.joins_at_round,
                latin_name=entry.latin_name,
                latin_guessed=entry.latin_guessed,
                member_id=entry.member_id,
            )
        )
    return ExportDivision(
        name, max(rounds, last), tuple(players), spreads.forfeit, order, withdrawn_last
    )


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


def _cell(record: RoundRecord, position: dict[int, int], boards: dict[int, int]) -> Cell:
    kind = record.record
    if kind is Record.STARTING:
        return Cell(starting_as(record), 0, record.spread)
    pairing = record.pairing
    if not kind.played and kind is not Record.PENDING:
        board = 0 if pairing is None else boards.get(pairing.pk, 0)
        return Cell(kind, 0, record.line_score or 0, None, P12_NONE, board)
    first = record.went_first
    if kind is Record.PENDING and pairing.sides_known:
        first = pairing.first_id == record.player
    p12 = P12_UNKNOWN if first is None else P12_FIRST if first else P12_SECOND
    board = boards.get(pairing.pk, 0)
    return Cell(kind, position[record.opponent], record.score, record.against, p12, board)
