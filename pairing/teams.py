"""Keeping team-mates (a school, club, country or family) apart in a division's first rounds.

TSH lets a director avoid pairing players of one team against each other early on. Here the rule
is ``PairingSettings.avoid_team_rounds``: in rounds 1..N two players with the same non-empty
``Competitor.team`` are not paired when the field allows it; from round N+1 teams are ignored.
Swiss weighs a team-mates game as a penalty (``swiss.TEAM_WEIGHT``: below any repeat, above any
difference in wins); the pattern systems (king of the hill, queen, factor, random, seeded) pair
as usual and ``separate`` then swaps opponents with the nearest game that frees both players.
It is never a hard rule: a division that is all one team still pairs, team-mates against
team-mates. Schedules (round robins, quads, Fontes), COP and manual pairing are left as they are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .meetings import Meetings
from .types import Competitor, PairingOut, RoundInput


def avoiding(round_input: RoundInput) -> bool:
    """Whether this round keeps team-mates apart (round <= N and some player has a team)."""
    limit = round_input.settings.avoid_team_rounds
    return 0 < round_input.round_number <= limit and any(c.team for c in round_input.competitors)


def team_mates(a: Competitor, b: Competitor) -> bool:
    """Two players of the same (named) team."""
    return bool(a.team) and a.team == b.team


def separable(field: Sequence[Competitor]) -> bool:
    """Whether an even ``field`` can be paired with no team-mates game: no team holds more
    than half of it (every other player can then take one of its members)."""
    sizes = Counter(c.team for c in field if c.team)
    return not sizes or max(sizes.values()) * 2 <= len(field)


def separate(
    outs: Sequence[PairingOut], by_id: dict[int, Competitor], meetings: Meetings, max_repeats: int
) -> list[PairingOut]:
    """Swap opponents between a team-mates game and the nearest game (in the list's order)
    where both new games are between players of different teams within the repeat limit."""
    games = [list(p.players) for p in outs]
    for i, game in enumerate(games):
        if len(game) < 2 or not team_mates(by_id[game[0]], by_id[game[1]]):
            continue
        for j in sorted(range(len(games)), key=lambda j: abs(j - i)):
            if j == i or len(games[j]) < 2:
                continue
            swapped = _swap(game, games[j], by_id, meetings, max_repeats)
            if swapped is not None:
                games[i], games[j] = swapped
                break
    return [
        PairingOut(g[0], g[1], repeats=meetings.times(g[0], g[1]))
        if len(g) == 2
        else PairingOut(g[0], None)
        for g in games
    ]


def _swap(
    game: list[int],
    other: list[int],
    by_id: dict[int, Competitor],
    meetings: Meetings,
    max_repeats: int,
) -> tuple[list[int], list[int]] | None:
    (a, b), (c, d) = game, other
    for first, second in (([a, d], [c, b]), ([a, c], [b, d])):
        if all(_allowed(pair, by_id, meetings, max_repeats) for pair in (first, second)):
            return first, second
    return None


def _allowed(
    pair: list[int], by_id: dict[int, Competitor], meetings: Meetings, max_repeats: int
) -> bool:
    x, y = pair
    return not team_mates(by_id[x], by_id[y]) and meetings.times(x, y) <= max_repeats
