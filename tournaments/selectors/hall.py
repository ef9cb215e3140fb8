"""Reads of the hall screens: a division's latest pairings by name, a page at a time, for a big
screen across the room, and the games still missing a result, for the director's desk."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max, Q

from ..models import Division, Pairing, Round, Tournament
from .rounds import unreported_through

PAGE_ROWS = 12  # rows a 1080-line screen shows in type readable from 5 m (about 45 px)


@dataclass(frozen=True)
class HallRow:
    name: str
    number: int
    table: int | None
    opponent: str  # empty: no opponent, a bye or a forfeit by ``kind``
    division: str = ""  # on the whole event's screen
    kind: str = "played"  # the pairing's kind (``result_words.alone_word`` when no opponent)


@dataclass(frozen=True)
class HallPage:
    round_number: int | None
    rows: list[HallRow]
    page: int
    pages: int

    @property
    def next_page(self) -> int:
        """The page the screen turns to next: after the last, the first again."""
        return self.page + 1 if self.page < self.pages else 1


def latest_round(division: Division) -> Round | None:
    return division.round_set.order_by("-number").first()


def hall_rows(round_: Round) -> list[HallRow]:
    """Every player of the round, one row each, by name (1 query)."""
    return _rows(round_.pairings.select_related("first__player", "second__player"))


def _rows(pairings, division_of: dict[int, str] | None = None) -> list[HallRow]:
    rows = []
    for pairing in pairings:
        division = division_of.get(pairing.round.division_id, "") if division_of else ""
        sides = [(pairing.first, pairing.second), (pairing.second, pairing.first)]
        for me, other in sides:
            if me is None:
                continue
            opponent = other.player.name if other is not None else ""
            rows.append(
                HallRow(me.player.name, me.number, pairing.table, opponent, division, pairing.kind)
            )
    return sorted(rows, key=lambda row: (row.name.casefold(), row.number))


def page_of(rows: list, page: int, size: int = PAGE_ROWS) -> tuple[list, int, int]:
    """Rows of ``page`` (1-based; outside the range: the first), the page and the page count."""
    pages = max(1, -(-len(rows) // size))
    if not 1 <= page <= pages:
        page = 1
    return rows[(page - 1) * size : page * size], page, pages


def hall_page(division: Division, page: int) -> HallPage:
    """The division's latest round by name, page ``page`` (2 queries)."""
    round_ = latest_round(division)
    rows = hall_rows(round_) if round_ is not None else []
    shown, page, pages = page_of(rows, page)
    return HallPage(round_.number if round_ else None, shown, page, pages)


def event_hall_page(tournament: Tournament, page: int) -> HallPage:
    """Every division's latest round together, by name, page ``page`` (3 queries): one screen
    for a hall that seats several divisions."""
    divisions = dict(tournament.divisions.values_list("pk", "name"))
    latest = (
        Round.objects.filter(division__tournament=tournament)
        .values("division")
        .annotate(last=Max("number"))
    )
    wanted = Q(pk__in=[])
    for row in latest:
        wanted |= Q(round__division=row["division"], round__number=row["last"])
    pairings = Pairing.objects.filter(wanted).select_related(
        "round", "first__player", "second__player"
    )
    shown, page, pages = page_of(_rows(pairings, divisions), page)
    return HallPage(None, shown, page, pages)


@dataclass(frozen=True)
class MissingGames:
    """The director's desk screen: every game up to the latest round still without a result."""

    latest: int | None  # the division's latest round (None: nothing paired yet)
    games: list[Pairing]  # by round and table, each with its ``round``

    @property
    def rounds(self) -> list[int]:
        return sorted({game.round.number for game in self.games})

    @property
    def round_number(self) -> int | None:
        """The one round the screen is about: the latest when every result is in, the round
        of every missing game when they share one; None when they span several rounds."""
        rounds = self.rounds
        if not rounds:
            return self.latest
        return rounds[0] if len(rounds) == 1 else None

    @property
    def by_round(self) -> bool:
        """Whether the games span several rounds: each row then says its round."""
        return len(self.rounds) > 1


def missing_games(division: Division) -> MissingGames:
    """Every game up to the latest round still waiting for a result, as
    ``rounds.missing_results`` counts them (2 queries)."""
    latest = division.round_set.aggregate(last=Max("number"))["last"]
    if latest is None:
        return MissingGames(None, [])
    return MissingGames(latest, list(unreported_through(division, latest)))
