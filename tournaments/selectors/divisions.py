"""Named reads of a division, and the translation of its rows into the pure cores' values.

Every page and command that shows standings or a crosstable goes through one of two reads, each
two queries (entries with their players' names, pairings with their round numbers) whatever the
field size:

- ``division_rows``: plain ``EntryRow``/``PairingRow`` values read with ``values_list``, for the
  pages a room of phones polls (a 400-player, 31-round division is ~6,600 rows: building model
  instances for them cost more than the rest of the page);
- ``division_results``: ``Entry`` and ``Pairing`` model instances, for the PDFs, the feed and the
  pairing service, which use more of the models.

What a pairing means for each player (a bye, a forfeit, a half bye...) is decided in one place,
``tournaments.results.outcomes``; ``results.game_rows`` turns those outcomes into standings rows,
and a late entry's starting result into the shares the files write (``starting_rows``, from
``results.records``): a share counts once its round is paired.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Generic, NamedTuple, TypeVar

from django.db.models import QuerySet
from django.http import Http404

from tournaments.results.crosstable import Crosstable, CrosstableCell, crosstable
from tournaments.results.formatting import average_value
from tournaments.results.game_rows import game_results, pairing_rows_results, starting_rows
from tournaments.results.outcomes import Spreads
from tournaments.results.playoff_games import final_places, final_standings
from tournaments.results.playoff_order import Place
from tournaments.results.playoffs import read_stage
from tournaments.results.standings import (
    GameResult,
    PlayerInfo,
    StandingRow,
    StandingsSettings,
    division_tiebreaks,
    standings,
)

from ..models import Division, Entry, Pairing
from .held import NOTHING_HELD, hide_pairing_results, hide_results

Kind = Pairing.Kind


def division_spreads(division: Division) -> Spreads:
    """The division's spreads for byes and forfeits, as ``tournaments.results.outcomes`` takes them."""
    return Spreads(bye=division.bye_spread, forfeit=division.forfeit_spread)


def standings_settings(division: Division) -> StandingsSettings:
    """The division's counting rules: spread always breaks ties first, then its own tie-breaks."""
    return StandingsSettings(
        bye_spread=division.bye_spread,
        forfeit_spread=division.forfeit_spread,
        double_forfeit_spread=-division.forfeit_spread,
        tiebreaks=division_tiebreaks(division.tiebreaks or ()),
        withdrawn_last=division.withdrawn_last,
    )


E = TypeVar("E")  # an entry: ``Entry`` or ``EntryRow``
P = TypeVar("P")  # a pairing: ``Pairing`` or ``PairingRow``


@dataclass(slots=True)
class _Counted(Generic[E, P]):
    """A division's entries and pairings, the same as standings input, and their standings and
    crosstable (``entries`` carry number, rating and withdrawal)."""

    division: Division
    entries: list[E]
    pairings: list[P]
    players: list[PlayerInfo] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    starting: list[GameResult] = field(default_factory=list)

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
        """Standings after ``through_round`` (None: every result in); with a playoff, its places
        come first once the standings reach past the preliminary rounds."""
        rows = standings(
            self.players_as_of(through_round),
            [*self.starting, *self.results],
            through_round=through_round,
            settings=standings_settings(self.division),
        )
        stage = read_stage(self.division.playoff)
        return final_standings(stage, rows, self.results, through_round)

    def playoff_places(self, through_round: int | None = None) -> list[Place]:
        """The playoff's places, the ones ``standings`` puts first (none without a playoff)."""
        return final_places(read_stage(self.division.playoff), self.results, through_round)

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
class DivisionResults(_Counted[Entry, Pairing]):
    """A division's entries and pairings (model instances), and the same as standings input."""

    @staticmethod
    def entry_name(entry) -> str:
        return entry.player.name

    def rounds_paired(self) -> list[int]:
        return sorted({_round_number(p) for p in self.pairings})


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
    # Decimal as read; a float in a division's snapshot (whole and half wins only).
    starting_wins: Decimal | float
    starting_losses: Decimal | float
    starting_spread: int
    joins_at_round: int = 1


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
    playoff_winner_id: int | None = None


ENTRY_ROW_FIELDS = (
    "pk",
    "number",
    "player__name",
    "rating",
    "withdrawn_after_round",
    "starting_wins",
    "starting_losses",
    "starting_spread",
    "joins_at_round",
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
    "playoff_winner_id",
)


@dataclass(slots=True)
class DivisionRows(_Counted[EntryRow, PairingRow]):
    """A division's entries and pairings as plain rows, and the same as standings input."""

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


def division_results(division: Division, held: frozenset[int] = NOTHING_HELD) -> DivisionResults:
    """Entries, pairings and standings input of ``division`` in two queries (model instances);
    the results ``held`` back by a broadcast delay read as not yet played (``selectors.held``)."""
    return division_read(division, hide_pairing_results(list(division_pairings(division)), held))


def division_pairing_rows(division: Division) -> list[PairingRow]:
    """The division's pairings as plain rows, in round, table order."""
    query = Pairing.objects.filter(round__division=division).order_by(
        "round__number", "table", "id"
    )
    return list(map(PairingRow._make, query.values_list(*PAIRING_ROW_FIELDS)))


def _round_number(pairing: Pairing | PairingRow) -> int:
    return pairing.round_number if isinstance(pairing, PairingRow) else pairing.round.number


# What pairing reads of an entry and its player: a King's Cup pairs 8,000 of them, and a model
# instance costs by the fields it fills.
PAIRING_ENTRY_FIELDS = (
    "division_id", "player_id", "player__name", "number", "rating", "status", "joins_at_round",
    "withdrawn_after_round", "fixed_table", "player_class", "team", "starting_wins",
    "starting_losses", "starting_spread",
)  # fmt: skip


def division_read(division: Division, pairings: list, fields: tuple = ()) -> DivisionResults:
    """Entries (model instances; only ``fields`` of them, when given) of ``division`` with
    ``pairings`` (models or rows) counted."""
    chosen = division_entries(division)
    entries = list(chosen.only(*fields) if fields else chosen)
    number = {entry.pk: entry.number for entry in entries}
    found = DivisionResults(division, entries, pairings)
    found.players = found.players_as_of(None)
    spreads = division_spreads(division)
    if all(isinstance(pairing, PairingRow) for pairing in pairings):
        # The plain rows' one loop (equal to ``game_results``): pairing reads every game.
        found.results = pairing_rows_results(pairings, number, spreads)
    else:
        for pairing in pairings:
            found.results.extend(game_results(_round_number(pairing), pairing, number, spreads))
    found.starting = starting_rows(entries, pairings, _round_number, spreads)
    return found


def division_rows(division: Division, held: frozenset[int] = NOTHING_HELD) -> DivisionRows:
    """Entries, pairings and standings input of ``division`` in two queries, as plain rows;
    the results ``held`` back by a broadcast delay read as not yet played (``held``)."""
    entries = list(
        map(EntryRow._make, division.entries.order_by("number").values_list(*ENTRY_ROW_FIELDS))
    )
    pairings = hide_results(division_pairing_rows(division), held)
    return rows_counted(division, entries, pairings)


def rows_counted(
    division: Division, entries: list[EntryRow], pairings: list[PairingRow]
) -> DivisionRows:
    """The division's rows already read, with its players, results and starting records
    counted from them (no query but the division's spreads setting)."""
    number = {entry.pk: entry.number for entry in entries}
    found = DivisionRows(division, entries, pairings)
    found.players = found.players_as_of(None)
    spreads = division_spreads(division)
    found.results = pairing_rows_results(pairings, number, spreads)
    found.starting = starting_rows(entries, pairings, _round_number, spreads)
    return found


def division_or_404(
    tournament_slug: str, division_name: str, *related: str, public: bool = False
) -> Division:
    """The division ``division_name`` of the event ``tournament_slug``, read with its event (and
    ``related``), or ``Http404``: the one lookup behind every page addressed by the two;
    ``public``: of a public event only (a private one is 404 whoever asks)."""
    found = Division.objects.select_related("tournament", *related).filter(
        tournament__slug=tournament_slug, name=division_name
    )
    if public:
        found = found.filter(tournament__is_public=True)
    division = found.first()
    if division is None:
        raise Http404
    return division


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
    found: DivisionResults | DivisionRows,
    through_round: int | None = None,
    rows: list[StandingRow] | None = None,
) -> list[dict]:
    """The standings as plain dicts (``STANDING_FIELDS`` plus ``entry_id``), best first.

    ``rows``: the standings when already computed.
    """
    entry_of = found.entry_by_number
    records = []
    for row in found.standings(through_round=through_round) if rows is None else rows:
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
