"""One compact picture of everything the public pages of a division show, built once per change.

``division_snapshot`` reads the division once (``division_rows``), runs the pure cores once
(standings, crosstable, statistics, prizes) and keeps the outcome as plain values (tuples,
dicts, strings): it pickles at C speed for the shared cache and holds nothing translated, so one
snapshot serves every language. Keeping it is ``tournaments.public_cache.snapshots``'s job.
"""

from __future__ import annotations

import gc
import hashlib
from contextlib import contextmanager
from dataclasses import dataclass, fields, is_dataclass
from datetime import datetime
from operator import attrgetter
from typing import NamedTuple

from tournaments.results.crosstable import CrosstableCell
from tournaments.results.standings import GameResult, StandingRow
from tournaments.results.stats import Award, EventStats, GameRecord, Upset, event_stats

from ..models import Division, Pairing
from ..results.outcomes import awaits_result
from .divisions import EntryRow, PairingRow, division_rows, standings_records
from .held import division_held
from .prizes import awards_of, prizes_from
from .stamps import RoundState, Stamp, division_stamp

PLAYED = Pairing.Kind.PLAYED
# attrgetter of several names gives a tuple at C speed.
_standing_values = attrgetter(*(f.name for f in fields(StandingRow)))


class CrosstableLine(NamedTuple):
    """A crosstable row: the player, their name and their cell of each round (None: none)."""

    player: int
    name: str
    cells: tuple[CrosstableCell | None, ...]


@dataclass(slots=True)
class DivisionSnapshot:
    """What the public pages of a division show as of one stamp (``tag``).

    ``updating`` marks the previous stamp's snapshot handed out while the new one is built.
    """

    division_id: int
    tag: str
    stamp_changed_at: datetime | None
    rounds_changed_at: datetime | None
    latest: RoundState
    rounds: list[int]
    entries: list[tuple]
    pairings: list[tuple]
    standing_rows: list[tuple]
    records: list[dict]
    crosstable_rounds: tuple[int, ...]
    crosstable_lines: list[tuple]
    player_cells: dict[int, list[tuple]]
    stats: EventStats
    awards: list[Award]
    # Indexes of the rows above (pickled as references to the same tuples): a player's page
    # reads its own games without scanning the division's.
    entry_by_pk: dict[int, tuple]
    pairings_of: dict[int, list[tuple]]
    # The late entries' starting rows (``DivisionRows.starting``) by player number.
    starting: dict[int, list[tuple]]
    updating: bool = False

    def entry_rows(self) -> list[EntryRow]:
        return list(map(EntryRow._make, self.entries))

    def entry_by_number(self, number: int) -> EntryRow | None:
        found = next((e for e in self.entries if e[1] == number), None)
        return None if found is None else EntryRow._make(found)

    def starting_of(self, number: int) -> list[GameResult]:
        """Player ``number``'s starting rows (none but for a late entry with a starting result)."""
        return [GameResult._make(row) for row in self.starting.get(number, ())]

    def round_pairings(self, number: int | None) -> list[PairingRow]:
        return [PairingRow._make(p) for p in self.pairings if p[1] == number]

    def player_pairings(self, entry_id: int) -> list[PairingRow]:
        return [PairingRow._make(p) for p in self.pairings_of.get(entry_id, ())]

    def opponents_of(self, entry_id: int) -> list[EntryRow]:
        """The entry and every entry it met: all a player's page needs of the field."""
        ids = {entry_id}
        for p in self.pairings_of.get(entry_id, ()):
            ids.update((p[3], p[4]))
        return [EntryRow._make(self.entry_by_pk[pk]) for pk in ids if pk in self.entry_by_pk]

    def record_of(self, number: int) -> dict | None:
        return next((r for r in self.records if r["number"] == number), None)

    def standing(self, number: int) -> StandingRow | None:
        found = next((row for row in self.standing_rows if row[1] == number), None)
        return None if found is None else StandingRow(*found)

    def cells_of(self, number: int) -> dict[int, CrosstableCell]:
        """Player ``number``'s crosstable cells by round."""
        return {c[0]: CrosstableCell(*c) for c in self.player_cells.get(number, ())}

    def crosstable(self) -> list[CrosstableLine]:
        """The crosstable's rows in order, their cells from ``player_cells`` (kept once)."""
        rounds = self.crosstable_rounds
        lines = []
        for player, name in self.crosstable_lines:
            by_round = {c[0]: c for c in self.player_cells.get(player, ())}
            cells = tuple(
                CrosstableCell._make(by_round[n]) if n in by_round else None for n in rounds
            )
            lines.append(CrosstableLine(player, name, cells))
        return lines


def division_snapshot(
    division: Division, stamp: Stamp | None = None, held: frozenset[int] | None = None
) -> DivisionSnapshot:
    """Everything the public pages of ``division`` show, as plain values (``held``: the results
    a broadcast delay holds back, by default those the stamp names, or those held now).

    Three queries (entries, pairings, prize bands), and a fourth for the moment of the latest
    pairing or report without ``stamp`` (the division's public stamp, which carries it); a
    handicap band adds the grades and the rounds' dates (``prizes.prizes_from``).
    """
    if held is None:
        held = division_held(division) if stamp is None else stamp.held
    with _collector_paused():
        return _build(division, stamp, held)


@contextmanager
def _collector_paused():
    """No cyclic garbage collection while a snapshot is built.

    The build makes ~60,000 small tuples for a 400 x 31 division and no reference cycles; a
    collection in the middle would walk all of them for nothing (~10% of the build).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _build(division: Division, stamp: Stamp | None, held: frozenset[int]) -> DivisionSnapshot:
    found = division_rows(division, held)
    entries = list(map(_plain_entry, found.entries))
    pairings = [tuple(p) for p in found.pairings]
    rows = found.standings()
    chart = found.crosstable()
    stats = event_stats(found.players, found.results)
    # Default bands' labels are msgids, translated when shown (``prize_texts.award_label``).
    awards = awards_of(prizes_from(division, found, rows))
    return DivisionSnapshot(
        division_id=division.pk,
        tag="" if stamp is None else stamp.tag,
        stamp_changed_at=None if stamp is None else stamp.changed_at,
        rounds_changed_at=(
            division_stamp(division.pk).changed_at if stamp is None else stamp.rounds_changed_at
        ),
        latest=_latest_round(found.pairings),
        rounds=found.rounds_paired(),
        entries=entries,
        pairings=pairings,
        entry_by_pk={e[0]: e for e in entries},
        pairings_of=_pairings_by_entry(pairings),
        starting=_starting_by_player(found.starting),
        standing_rows=list(map(_standing_values, rows)),
        records=standings_records(found, rows=rows),
        crosstable_rounds=chart.rounds,
        crosstable_lines=[(r.player, r.name) for r in chart.rows],
        player_cells={r.player: [tuple(c) for c in r.cells if c is not None] for r in chart.rows},
        stats=stats,
        awards=awards,
    )


def shape_tag(*types: type) -> str:
    """A short tag of the names and fields of ``types`` (dataclasses or named tuples): it
    changes when any of them gains, loses, renames or moves a field."""
    words = []
    for kind in types:
        names = [f.name for f in fields(kind)] if is_dataclass(kind) else list(kind._fields)
        words.append(f"{kind.__name__}({','.join(names)})")
    return hashlib.sha256(" ".join(words).encode()).hexdigest()[:12]


# What a kept snapshot is made of. The cache keys carry it (public_cache/snapshots.py), so after
# a deploy that changes any of these a process never unpickles a snapshot of the old shape: a
# slotted dataclass would take the old values into the wrong fields, or miss one.
SNAPSHOT_SHAPE = shape_tag(
    DivisionSnapshot,
    RoundState,
    EntryRow,
    PairingRow,
    GameResult,
    StandingRow,
    CrosstableLine,
    CrosstableCell,
    EventStats,
    GameRecord,
    Upset,
    Award,
)


def _plain_entry(entry: EntryRow) -> tuple:
    """An entry as a plain tuple, its starting record in floats: a Decimal pickles and unpickles
    as a string, 800 of them in a 400-player division (the pages read the record as floats)."""
    pk, number, name, rating, withdrawn, wins, losses, spread, joins = entry
    return (pk, number, name, rating, withdrawn, float(wins), float(losses), spread, joins)


def _starting_by_player(rows: list[GameResult]) -> dict[int, list[tuple]]:
    mine: dict[int, list[tuple]] = {}
    for row in rows:
        mine.setdefault(row.player, []).append(tuple(row))
    return mine


def _pairings_by_entry(pairings: list[tuple]) -> dict[int, list[tuple]]:
    """Each entry's pairings in round order (index 3 and 4: ``first_id``, ``second_id``)."""
    mine: dict[int, list[tuple]] = {}
    for p in pairings:
        mine.setdefault(p[3], []).append(p)
        if p[4] is not None:
            mine.setdefault(p[4], []).append(p)
    return mine


def _latest_round(pairings: list[PairingRow]) -> RoundState:
    """``stamps.latest_round`` from rows already read."""
    number = max((p.round_number for p in pairings), default=None)
    unreported = sum(
        1
        for p in pairings
        if p.round_number == number and awaits_result(p.kind, p.first_score, p.second_score)
    )
    return RoundState(number, unreported)
