"""Team standings of an event: every division's standings, its members' rows added up by team
(``tournaments.results.teams``), in three queries however many divisions the event has."""

from __future__ import annotations

from collections import defaultdict

from tournaments.results.teams import TeamMember, TeamRow, team_standings

from ..models import Entry, Pairing, Tournament
from .divisions import (
    ENTRY_ROW_FIELDS,
    PAIRING_ROW_FIELDS,
    EntryRow,
    PairingRow,
    rows_counted,
)
from .held import broadcast_delay, event_held, hide_results


def event_team_members(tournament: Tournament, *, hide_held: bool = False) -> list[TeamMember]:
    """Every entry with a team, with its record in its division (current standings);
    ``hide_held``: the results a broadcast delay holds back read as not yet played (one more
    query, and one more with a delay: ``selectors.held``)."""
    divisions = {d.pk: d for d in tournament.divisions.all()}
    entries: dict[int, list[EntryRow]] = defaultdict(list)
    teams: dict[int, str] = {}
    query = Entry.objects.filter(division__tournament=tournament).order_by("number")
    for *row, division_id, team in query.values_list(*ENTRY_ROW_FIELDS, "division_id", "team"):
        entry = EntryRow._make(row)
        entries[division_id].append(entry)
        if team:
            teams[entry.pk] = team
    teamed = {d for d, rows in entries.items() if any(e.pk in teams for e in rows)}
    pairings: dict[int, list[PairingRow]] = defaultdict(list)
    games = Pairing.objects.filter(round__division_id__in=teamed).order_by(
        "round__number", "table", "id"
    )
    for *row, division_id in games.values_list(*PAIRING_ROW_FIELDS, "round__division_id"):
        pairings[division_id].append(PairingRow._make(row))
    held = event_held(teamed, broadcast_delay(tournament.pk) if hide_held and teamed else 0)
    for division_id in teamed:
        pairings[division_id] = hide_results(pairings[division_id], held)
    members = []
    for division_id in sorted(teamed, key=lambda d: divisions[d].name):
        found = rows_counted(divisions[division_id], entries[division_id], pairings[division_id])
        by_number = found.entry_by_number
        for row in found.standings():
            entry = by_number[row.player]
            if entry.pk in teams:
                members.append(
                    TeamMember(
                        teams[entry.pk],
                        found.division.name,
                        row.name,
                        row.wins,
                        row.losses,
                        row.spread,
                    )
                )
    return members


def event_team_standings(tournament: Tournament, *, hide_held: bool = False) -> list[TeamRow]:
    """The event's teams, best first (see ``tournaments.results.teams`` for the rule)."""
    return team_standings(event_team_members(tournament, hide_held=hide_held))
