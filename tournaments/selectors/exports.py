"""A whole event as the export files see it (``tournaments.exports``), in three queries (and
one per division for the public ``tourney.js`` of an event with a broadcast delay).

The tournament's divisions, then every entry and every pairing of the event, whatever the
number of divisions or players. Each line is named as the ``.t`` export names it
(``selectors.tsh.line_name``: ``Surname, Given``, family name first as the player's name says);
the ASCII files use the player's Latin-letter name (``tournaments.exports.names.latin_name``). Each division
carries the site's own standings order (the same counting as the standings pages), which
``tourney.js`` follows, and how many of its first places the playoff decides (its notes name
them). The date is the event's first day (else its last, else today).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from django.utils import timezone

from tournaments.results.game_rows import pairing_rows_results, starting_rows
from tournaments.results.playoff_games import final_standings
from tournaments.results.playoffs import read_stage
from tournaments.results.records import entry_facts
from tournaments.results.standings import PlayerInfo, standings

from ..exports.build import EntryIn, build_division
from ..exports.model import ExportEvent
from ..exports.names import export_name, latin_name
from ..models import Division, Entry, Pairing, Tournament
from .divisions import PAIRING_ROW_FIELDS, PairingRow, division_spreads, standings_settings
from .held import broadcast_delay, held_results, hide_results
from .tsh import line_name

_ENTRY_FIELDS = (
    "division_id",
    "pk",
    "number",
    "player__name",
    "player__sort_name",
    "player__family_name",
    "player__given_names",
    "player__family_first",
    "player__latin_name",
    "player__member_id",
    "tsh_fields",
    "rating",
    "withdrawn_after_round",
    "joins_at_round",
    "starting_wins",
    "starting_losses",
    "starting_spread",
)


class _EntryValues(NamedTuple):
    division_id: int
    pk: int
    number: int
    name: str
    sort_name: str
    family_name: str
    given_names: str
    family_first: bool
    latin: str
    member_id: str
    tsh_fields: dict
    rating: int
    withdrawn_after_round: int | None
    joins_at_round: int
    starting_wins: object
    starting_losses: object
    starting_spread: int


def event_export(tournament: Tournament, *, public: bool = False) -> ExportEvent:
    """``tournament`` as an ``ExportEvent``, divisions by name; ``public``: as the public sees
    it, the results a broadcast delay holds back not yet played (``selectors.held``)."""
    divisions = list(tournament.divisions.order_by("name"))
    entries: dict[int, list[_EntryValues]] = {d.pk: [] for d in divisions}
    query = Entry.objects.filter(division__tournament=tournament).order_by("division_id", "number")
    for values in query.values_list(*_ENTRY_FIELDS):
        entry = _EntryValues._make(values)
        entries[entry.division_id].append(entry)
    pairings: dict[int, list[PairingRow]] = {d.pk: [] for d in divisions}
    rows = (
        Pairing.objects.filter(round__division__tournament=tournament)
        .order_by("round__number", "table", "id")
        .values_list("round__division_id", *PAIRING_ROW_FIELDS)
    )
    make = PairingRow._make
    for row in rows:
        pairings[row[0]].append(make(row[1:]))
    day = tournament.start_date or tournament.end_date or timezone.localdate()
    delay = broadcast_delay(tournament.pk) if public else 0
    built = tuple(
        _division(d, entries[d.pk], hide_results(pairings[d.pk], held_results(d.pk, delay)[0]))
        for d in divisions
    )
    return ExportEvent(tournament.name, day, built)


def _division(division: Division, entries: list[_EntryValues], rows: list[PairingRow]):
    stage = read_stage(division.playoff)
    built = build_division(
        division.name,
        division.rounds,
        [_entry_in(e) for e in entries],
        rows,
        division_spreads(division),
        playoff_after=stage.after_round if stage else None,
        order=site_order(division, entries, rows),
        withdrawn_last=division.withdrawn_last,
    )
    return replace(built, playoff_places=_playoff_places(stage, rows))


def _playoff_places(stage, rows: list[PairingRow]) -> int:
    """The places the playoff decides in the site's order, once a playoff round is paired."""
    if stage is None or all(row.round_number <= stage.after_round for row in rows):
        return 0
    return stage.top


def _entry_in(e: _EntryValues) -> EntryIn:
    name = export_name(e.name, e.family_name, e.given_names, e.family_first)
    line = line_name(e.name, name if e.family_name else e.sort_name, e.tsh_fields or {})
    # A guessed Latin name spells the line's "Family, Given", as every other .tou line reads.
    latin, guessed = latin_name(e.latin, line)
    return EntryIn(
        e.pk,
        line,
        e.rating,
        e.withdrawn_after_round is not None,
        entry_facts(e),
        latin,
        guessed,
        e.member_id,
    )


def site_order(division: Division, entries: list[_EntryValues], rows: list[PairingRow]):
    """The player numbers in the site's standings order (as the standings pages count)."""
    number = {e.pk: e.number for e in entries}
    spreads = division_spreads(division)
    results = pairing_rows_results(rows, number, spreads)
    starting = starting_rows(entries, rows, lambda p: p.round_number, spreads)
    players = [
        PlayerInfo(e.number, e.name, e.rating, e.withdrawn_after_round is not None) for e in entries
    ]
    ranked = standings(players, [*starting, *results], settings=standings_settings(division))
    ranked = final_standings(read_stage(division.playoff), ranked, results, None)
    line = {e.number: index for index, e in enumerate(entries, start=1)}
    return tuple(line[row.player] for row in ranked)


def public_event_divisions(slug: str) -> tuple[int, tuple[str, ...]] | None:
    """The id and division names of the public event ``slug`` (1 query).

    None when there is no such public event, or it has no division yet (a feed without a
    division is one its readers reject).
    """
    rows = list(
        Division.objects.filter(tournament__slug=slug, tournament__is_public=True)
        .order_by("name")
        .values_list("tournament_id", "name")
    )
    if not rows:
        return None
    return rows[0][0], tuple(name for _id, name in rows)
