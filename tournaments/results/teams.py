"""Team standings across an event's divisions: schools, clubs or countries added up.

The rule (as TSH's team reports count): a team's score is the **total wins** of its members in
every division of the event (a tie is half a win), ties broken by their **total spread**; teams
still level share a place and are listed by name. Each row also shows how many members played,
their games and losses, and the average wins per member, so a small team's strength reads beside
a large team's total. Players without a team are left out; withdrawn players' results so far count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TeamMember:
    """One entry's record in one division."""

    team: str
    division: str
    name: str
    wins: float
    losses: float
    spread: int


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team's place and totals; ``average_wins`` is wins per member."""

    rank: int
    team: str
    members: int
    divisions: int
    games: float
    wins: float
    losses: float
    spread: int
    average_wins: float


def team_standings(members: Iterable[TeamMember]) -> list[TeamRow]:
    """Teams best first: total wins, then total spread; equal teams share a rank."""
    grouped: dict[str, list[TeamMember]] = {}
    for member in members:
        if member.team:
            grouped.setdefault(member.team, []).append(member)
    totals = [_total(team, rows) for team, rows in grouped.items()]
    totals.sort(key=lambda t: (-t.wins, -t.spread, t.team.casefold(), t.team))
    ranked: list[TeamRow] = []
    for place, row in enumerate(totals, start=1):
        previous = ranked[-1] if ranked else None
        same = previous is not None and (previous.wins, previous.spread) == (row.wins, row.spread)
        ranked.append(_with_rank(row, previous.rank if same else place))
    return ranked


def _total(team: str, rows: list[TeamMember]) -> TeamRow:
    wins = sum(r.wins for r in rows)
    losses = sum(r.losses for r in rows)
    return TeamRow(
        rank=0,
        team=team,
        members=len(rows),
        divisions=len({r.division for r in rows}),
        games=wins + losses,
        wins=wins,
        losses=losses,
        spread=sum(r.spread for r in rows),
        average_wins=wins / len(rows),
    )


def _with_rank(row: TeamRow, rank: int) -> TeamRow:
    return TeamRow(
        rank,
        row.team,
        row.members,
        row.divisions,
        row.games,
        row.wins,
        row.losses,
        row.spread,
        row.average_wins,
    )
