"""Named reads of a division, and the translation of its rows into the pure cores' values.

Every page and command that shows standings or a crosstable goes through one of two reads, each
two queries (entries with their players' names, pairings with their round numbers) whatever the
field size:

- ``division_rows``: plain ``EntryRow``/``PairingRow`` values read with ``values_list``, for the
  pages a room of phones polls (a 400-player, 31-round division is ~6,600 rows: building model
  instances for them cost more than the rest of the page);
- ``division_results``: ``Entry`` and ``Pairing`` model instances, for the PDFs, the feed and the
  pairing service, which use more of the models.

How a Pairing becomes standings rows (the one place that decides it):

- played, both scores in: a row for each side; ``went_first`` is None when nobody knows the sides;
- played without scores: not counted yet (the game is still on);
- bye (no second player): ``first_score`` is the recorded spread if set (a TSH import carries it),
  otherwise the division's bye spread; a recorded spread of 0 is a half bye, as in TSH;
- forfeit without an opponent (a TSH ``0`` with a negative score, a withdrawn player's round):
  a forfeit loss, ``first_score`` the recorded spread if set;
- forfeit between two players: ``forfeited_by`` loses, the other wins, spreads from the settings;
- double forfeit: a loss for each, spread ``-forfeit_spread`` each.

A late entry's starting record becomes round-0 rows (whole wins as byes, half a win as a half bye,
losses as forfeit losses, the starting spread on the first row) because the standings core has no
starting record of its own; round-0 rows never reach the crosstable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

from django.db.models import Q, QuerySet

from ..crosstable import Crosstable, CrosstableCell, crosstable
from ..formatting import average_value
from ..models import Division, Entry, Pairing, Tournament
from ..standings import (
    GameResult,
    PlayerInfo,
    ResultKind,
    StandingRow,
    StandingsSettings,
    standings,
)

Kind = Pairing.Kind


def standings_settings(division: Division) -> StandingsSettings:
    """The division's counting rules: spread always breaks ties first, then its own tie-breaks."""
    extra = tuple(name for name in division.tiebreaks or () if name != "spread")
    return StandingsSettings(
        bye_spread=division.bye_spread,
        forfeit_spread=division.forfeit_spread,
        double_forfeit_spread=-division.forfeit_spread,
        tiebreaks=("spread", *extra),
        withdrawn_last=division.withdrawn_last,
    )


class _Counted:
    """Standings and crosstable of a read whose ``entries`` carry number, rating and withdrawal."""

    __slots__ = ()
    division: Division
    entries: list
    results: list[GameResult]
    starting: list[GameResult]

    @staticmethod
    def entry_name(entry) -> str:
        return entry.name

    @property
    def entry_by_number(self) -> dict:
        return {entry.number: entry for entry in self.entries}

    def players_as_of(self, through_round: int | None) -> list[PlayerInfo]:
        """The entries, counted as withdrawn only in rounds after their withdrawal."""
        return [
            PlayerInfo(
                e.number,
                self.entry_name(e),
                rating=e.rating,
                withdrawn=e.withdrawn_after_round is not None
                and (through_round is None or through_round > e.withdrawn_after_round),
            )
            for e in self.entries
        ]

    def standings(self, through_round: int | None = None) -> list[StandingRow]:
        """Standings after ``through_round`` (None: every result in)."""
        return standings(
            self.players_as_of(through_round),
            [*self.starting, *self.results],
            through_round=through_round,
            settings=standings_settings(self.division),
        )

    def crosstable(self) -> Crosstable:
        return crosstable(
            self.players_as_of(None), self.results, settings=standings_settings(self.division)
        )

    def player_cells(self, number: int) -> dict[int, CrosstableCell]:
        """Player ``number``'s crosstable cells by round (a cell depends only on its own row)."""
        chart = crosstable(
            [p for p in self.players_as_of(None) if p.number == number],
            [r for r in self.results if r.player == number],
            settings=standings_settings(self.division),
        )
        return {c.round: c for row in chart.rows for c in row.cells if c is not None}


@dataclass(slots=True)
class DivisionResults(_Counted):
    """A division's entries and pairings (model instances), and the same as standings input."""

    division: Division
    entries: list[Entry]
    pairings: list[Pairing]
    players: list[PlayerInfo] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    starting: list[GameResult] = field(default_factory=list)

    @staticmethod
    def entry_name(entry) -> str:
        return entry.player.name

    def rounds_paired(self) -> list[int]:
        return sorted({p.round.number for p in self.pairings})


class EntryRow(NamedTuple):
    """An entry as the pages need it (``pk`` is the Entry's id; ``name`` its player's name).

    Named tuples rather than dataclasses: ``_make`` builds the ~6,600 rows of a large division at
    C speed straight from ``values_list``.
    """

    pk: int
    number: int
    name: str
    rating: int
    withdrawn_after_round: int | None
    starting_wins: Decimal
    starting_losses: Decimal
    starting_spread: int


class PairingRow(NamedTuple):
    """A pairing as the pages need it; ids are Entry ids, as on ``Pairing``."""

    pk: int
    round_number: int
    table: int | None
    first_id: int
    second_id: int | None
    kind: str
    sides_known: bool
    first_score: int | None
    second_score: int | None
    forfeited_by_id: int | None


ENTRY_ROW_FIELDS = (
    "pk",
    "number",
    "player__name",
    "rating",
    "withdrawn_after_round",
    "starting_wins",
    "starting_losses",
    "starting_spread",
)
PAIRING_ROW_FIELDS = (
    "pk",
    "round__number",
    "table",
    "first_id",
    "second_id",
    "kind",
    "sides_known",
    "first_score",
    "second_score",
    "forfeited_by_id",
)


@dataclass(slots=True)
class DivisionRows(_Counted):
    """A division's entries and pairings as plain rows, and the same as standings input."""

    division: Division
    entries: list[EntryRow]
    pairings: list[PairingRow]
    players: list[PlayerInfo] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    starting: list[GameResult] = field(default_factory=list)

    def rounds_paired(self) -> list[int]:
        return sorted({p.round_number for p in self.pairings})


def division_entries(division: Division) -> QuerySet[Entry]:
    return division.entries.select_related("player").order_by("number")


def division_pairings(division: Division) -> QuerySet[Pairing]:
    return (
        Pairing.objects.filter(round__division=division)
        .select_related("round")
        .order_by("round__number", "table", "id")
    )


def division_results(division: Division) -> DivisionResults:
    """Entries, pairings and standings input of ``division`` in two queries (model instances)."""
    entries = list(division_entries(division))
    pairings = list(division_pairings(division))
    number = {entry.pk: entry.number for entry in entries}
    found = DivisionResults(division, entries, pairings)
    found.players = found.players_as_of(None)
    for pairing in pairings:
        found.results.extend(game_results(pairing.round.number, pairing, number))
    for entry in entries:
        found.starting.extend(starting_results(entry))
    return found


def division_rows(division: Division) -> DivisionRows:
    """Entries, pairings and standings input of ``division`` in two queries, as plain rows."""
    entries = list(
        map(EntryRow._make, division.entries.order_by("number").values_list(*ENTRY_ROW_FIELDS))
    )
    pairings = list(
        map(
            PairingRow._make,
            Pairing.objects.filter(round__division=division)
            .order_by("round__number", "table", "id")
            .values_list(*PAIRING_ROW_FIELDS),
        )
    )
    number = {entry.pk: entry.number for entry in entries}
    found = DivisionRows(division, entries, pairings)
    found.players = found.players_as_of(None)
    for pairing in pairings:
        found.results.extend(game_results(pairing.round_number, pairing, number))
    for entry in entries:
        found.starting.extend(starting_results(entry))
    return found


def pairing_results(pairing: Pairing, number: dict[int, int]) -> list[GameResult]:
    """The standings rows of one pairing (none while a game is unreported)."""
    return game_results(pairing.round.number, pairing, number)


def game_results(
    rnd: int, pairing: Pairing | PairingRow, number: dict[int, int]
) -> list[GameResult]:
    """The standings rows of a pairing (model or row) of round ``rnd``; entry ids -> numbers."""
    a = number[pairing.first_id]
    b = number.get(pairing.second_id) if pairing.second_id else None
    if pairing.kind == Kind.PLAYED:
        fs, ss = pairing.first_score, pairing.second_score
        if fs is None or ss is None or b is None:
            return []
        went_first = True if pairing.sides_known else None
        return [
            GameResult(rnd, a, b, fs, ss, ResultKind.PLAYED, went_first),
            GameResult(rnd, b, a, ss, fs, ResultKind.PLAYED, None if went_first is None else False),
        ]
    if pairing.kind == Kind.BYE or b is None:
        return [_unpaired(rnd, a, pairing)]
    if pairing.kind == Kind.FORFEIT:
        if pairing.forfeited_by_id is None:
            return []
        lost = number[pairing.forfeited_by_id]
        won = b if lost == a else a
        return [
            GameResult(rnd, won, lost, None, None, ResultKind.FORFEIT_WIN),
            GameResult(rnd, lost, won, None, None, ResultKind.FORFEIT_LOSS),
        ]
    return [
        GameResult(rnd, a, b, None, None, ResultKind.DOUBLE_FORFEIT),
        GameResult(rnd, b, a, None, None, ResultKind.DOUBLE_FORFEIT),
    ]


def _unpaired(rnd: int, player: int, pairing: Pairing | PairingRow) -> GameResult:
    """A round without an opponent: a bye (half bye at spread 0) or a forfeit loss."""
    spread = pairing.first_score
    if pairing.kind == Kind.BYE:
        kind = ResultKind.HALF_BYE if spread == 0 else ResultKind.BYE
    elif pairing.kind == Kind.FORFEIT:
        kind = ResultKind.FORFEIT_LOSS
    else:
        kind = ResultKind.DOUBLE_FORFEIT
    return GameResult(rnd, player, None, None, None, kind, spread=spread)


def starting_results(entry: Entry | EntryRow) -> list[GameResult]:
    """Round-0 rows standing for a late entry's starting record (see the module docstring)."""
    wins, losses = float(entry.starting_wins), float(entry.starting_losses)
    rows: list[GameResult] = []
    half = wins - int(wins) >= 0.5
    rows += [GameResult(0, entry.number, None, None, None, ResultKind.BYE, spread=0)] * int(wins)
    if half:
        rows.append(GameResult(0, entry.number, None, None, None, ResultKind.HALF_BYE, spread=0))
        losses -= 0.5
    loss = GameResult(0, entry.number, None, None, None, ResultKind.FORFEIT_LOSS, spread=0)
    rows += [loss] * max(0, int(losses))
    if rows and entry.starting_spread:
        first = rows[0]
        rows[0] = GameResult(
            0, first.player, None, None, None, first.kind, spread=entry.starting_spread
        )
    return rows


def tournament_division(tournament: Tournament, name: str) -> Division:
    """The division called ``name`` (raises ``Division.DoesNotExist``)."""
    return tournament.divisions.get(name=name)


def missing_results(division: Division, through_round: int) -> dict[int, list[str]]:
    """Rounds up to ``through_round`` with unreported games: round -> tables (or player numbers)."""
    missing: dict[int, list[str]] = {}
    unreported = (
        Pairing.objects.filter(
            round__division=division, round__number__lte=through_round, kind=Kind.PLAYED
        )
        .filter(Q(first_score__isnull=True) | Q(second_score__isnull=True))
        .select_related("round", "first")
        .order_by("round__number", "table", "id")
    )
    for pairing in unreported:
        label = str(pairing.table) if pairing.table else f"#{pairing.first.number}"
        missing.setdefault(pairing.round.number, []).append(label)
    return missing


STANDING_FIELDS = (
    "rank",
    "number",
    "name",
    "wins",
    "losses",
    "spread",
    "games",
    "byes",
    "forfeits",
    "points_for",
    "average_score",
    "firsts",
    "seconds",
    "rating",
    "withdrawn",
)


def standings_records(
    found: DivisionResults | DivisionRows, through_round: int | None = None
) -> list[dict]:
    """The standings as plain dicts (``STANDING_FIELDS`` plus ``entry_id``), best first."""
    entry_of = found.entry_by_number
    records = []
    for row in found.standings(through_round=through_round):
        records.append(
            {
                "rank": row.rank,
                "number": row.player,
                "name": row.name,
                "wins": row.wins,
                "losses": row.losses,
                "spread": row.spread,
                "games": row.games,
                "byes": row.byes,
                "forfeits": row.forfeits,
                "points_for": row.points_for,
                "average_score": average_value(row.average_score),
                "firsts": row.firsts,
                "seconds": row.seconds,
                "rating": row.rating,
                "withdrawn": row.withdrawn,
                "entry_id": entry_of[row.player].pk,
            }
        )
    return records
