"""The score-group rule of Swiss: no pairing of the round's players keeps closer to the score
groups than the one played.

A round is measured as the desk's Swiss weighs it (``pairing.swiss.penalty``, with its caps),
tier by tier: games beyond the repeat limit (the repeat rule's own), then rematches of any kind,
then the win gaps (each game's gap in half wins, squared), then the distance in the standings
(places apart, squared, counted among the players the Swiss pairs: the bye and a gibsonized
leader's game left out). The round is flagged when an exact minimum-weight perfect matching of
the same players (rustworkx's blossom on the complete graph, not the desk's own candidate graph)
does better on any of the last three tiers without more games beyond the limit (above
``EXACT_PLAYERS``, the best matching of near opponents): the leader
paired with last place is such a round, whatever the score groups. The bye and a gibsonized
leader's game are judged by their own rules. In a round with forfeits the places of the
forfeited games' players are unknown, so the distance is not compared there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import rustworkx

from pairing.meetings import Meetings
from pairing.swiss import MAX_COUNTED_HALF_WINS, MAX_COUNTED_MEETINGS, MAX_COUNTED_RANKS
from pairing.types import RoundInput

from .findings import DISTANCE_BROKEN, GROUPS, GROUPS_BROKEN, Finding, RoundView
from .rules import leader_of, pairs_text, params

# Up to this many players the round is set against the exact matching (the complete graph);
# above, against the best matching of each player with the NEAR nearest either side in the
# standings (the complete graph's edges grow with the square of the field: at 1,000 players
# its matching took half a minute a round). A round the window's matching beats is flagged.
EXACT_PLAYERS = 200
NEAR = 24
Cost = tuple[int, int, int, int]  # beyond the limit, meetings, half-win gaps², places²
# The most one game adds to each tier, so that a tier outweighs every tier below it summed over
# a round (rustworkx weighs in 128-bit integers).
_MOST = (MAX_COUNTED_MEETINGS, MAX_COUNTED_MEETINGS, MAX_COUNTED_HALF_WINS**2, MAX_COUNTED_RANKS**2)


def groups_broken(view: RoundView, given: RoundInput, name: Mapping[int, str]) -> list[Finding]:
    """The round's finding when an exact matching keeps closer to the score groups."""
    round_number = given.round_number
    meetings = Meetings(given.history)
    limit = given.settings.max_repeats
    leader = leader_of(given)
    half = {c.id: round(2 * c.wins) for c in given.competitors}
    games = [g for g in view.games if leader not in g]
    aside = {p for g in view.games if leader in g for p in g} | set(view.byes)
    place = {c.id: i for i, c in enumerate(c for c in given.competitors if c.id not in aside)}
    far_counts = not view.forfeits

    def cost(a: int, b: int) -> Cost:
        met = min(meetings.times(a, b), MAX_COUNTED_MEETINGS)
        gap = min(abs(half[a] - half[b]), MAX_COUNTED_HALF_WINS)
        far = min(abs(place[a] - place[b]), MAX_COUNTED_RANKS) if far_counts else 0
        return (max(0, met - limit), met, gap * gap, far * far)

    played = _total(cost(a, b) for a, b in games)
    if played[1:] == (0, 0, len(games) if far_counts else 0):
        return []  # no rematch, no win gap, and (when counted) every game between neighbours
    players = sorted((p for game in games for p in game), key=lambda p: (place[p], p))
    exact = exact_pairs(players, cost)
    best = _total(cost(a, b) for a, b in exact)
    if played[0] > best[0] or played[1:] <= best[1:]:
        return []  # beyond the limit is the repeat rule's; otherwise as good as any
    if played[1:3] == best[1:3]:
        far = [g for g in games if abs(place[g[0]] - place[g[1]]) > 1]
        text = params(
            round=round_number, games=pairs_text(far, name), fewest=best[3], found=played[3]
        )
        return [Finding(round_number, GROUPS, DISTANCE_BROKEN, text)]
    worse = [g for g in games if cost(*g)[1] or half[g[0]] != half[g[1]]]
    text = params(
        round=round_number,
        games=pairs_text(worse, name),
        fewest_repeats=best[1],
        fewest_cross=_cross(exact, half),
        fewest_gap=_wins_text(best[2]),
        repeats=played[1],
        cross=_cross(games, half),
        gap=_wins_text(played[2]),
    )
    return [Finding(round_number, GROUPS, GROUPS_BROKEN, text)]


def exact_pairs(players: Sequence[int], cost) -> list[tuple[int, int]]:
    """The least costly perfect matching of an even number of ``players`` (tier by tier)."""
    near = len(players) if len(players) <= EXACT_PLAYERS else NEAR
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(players)
    rooms = _rooms(len(players) // 2)
    edges = []
    for i, a in enumerate(players):
        for j in range(i + 1, min(len(players), i + 1 + near)):
            edges.append((i, j, _weight(cost(a, players[j]), rooms)))
    ceiling = max((w for _, _, w in edges), default=0) + 1
    graph.add_edges_from([(i, j, ceiling - w) for i, j, w in edges])
    matched = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    return sorted((players[min(i, j)], players[max(i, j)]) for i, j in matched)


def _rooms(games: int) -> tuple[int, ...]:
    """The factor of each tier: one more than the most the tiers below add up to in a round."""
    rooms = [1]
    for most in reversed(_MOST[1:]):
        rooms.append(rooms[-1] * (most * games + 1))
    return tuple(reversed(rooms))


def _weight(cost: Cost, rooms: tuple[int, ...]) -> int:
    return sum(value * room for value, room in zip(cost, rooms, strict=True))


def _total(costs) -> Cost:
    total = [0, 0, 0, 0]
    for cost in costs:
        for tier, value in enumerate(cost):
            total[tier] += value
    return (total[0], total[1], total[2], total[3])


def _cross(pairs, half: Mapping[int, int]) -> int:
    return sum(1 for a, b in pairs if half[a] != half[b])


def _wins_text(quarter_wins: int) -> str:
    """Squared half-win gaps as squared win gaps (a quarter each), written briefly."""
    return f"{quarter_wins / 4:g}"
