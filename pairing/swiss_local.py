"""The Swiss matching by structure: the exact matching only where the standings order is not
already the answer.

Pairing neighbours (1-2, 3-4, ...) is the least penalised pairing of all once no game between
neighbours is a repeat or a team-mates game: every game is at least one place apart, and the
penalty for the difference in wins grows convexly along an order where wins fall, for which
crossing or nesting two games never beats pairing the neighbours. The least penalised pairing
therefore differs from the neighbours' pairing only by cycles of swaps, each through a
neighbours' game that is a repeat or keeps team-mates together (a *conflict*).

So each conflict is matched exactly (``matching.min_penalty_matching``, on the same candidate
games ``swiss.candidate_edges`` offers) inside a stretch of the standings around it, and the
rest keeps the neighbours' games. A stretch doubles (merging with its neighbours) while its
answer leaves a conflict. When every stretch's answer has no conflict and plays no more wins
apart than its neighbours' games did, the round is certainly best in every tier of the penalty
above the distance in places (no pairing plays fewer wins apart than the neighbours'). An
answer that plays more wins apart (a top group whose players have all met) keeps
doubling while the wider stretch finds a better answer than the stretch and its two added parts
solved each on its own. Last, a stretch grows until every player it moves has all of their
candidate opponents inside it with ``GUARD`` places to spare. Those two last rules are measured
on generated rounds, not proven (``manage.py bench pairing``, tests/pairing/test_swiss_local.py).
A stretch that reaches the whole field is the exact matching itself, which is also the answer
when wins do not fall down the order or a candidate game could reach the cap on wins
(``swiss.MAX_COUNTED_HALF_WINS``), where the convexity argument does not hold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .matching import min_penalty_matching
from .meetings import Meetings
from .teams import team_mates
from .types import Competitor, PairingSettings

Penalty = Callable[[Competitor, Competitor, int, int, int, bool], int]
# Places either side of a conflict a stretch starts with, beyond the candidate window.
MARGIN = 4
# Places a moved player's farthest candidate must stay inside the stretch's ends.
GUARD = 2


class LocalMatcher:
    """One Swiss matching at one window, conflict by conflict (see the module's docstring)."""

    def __init__(
        self,
        field: Sequence[Competitor],
        meetings: Meetings,
        settings: PairingSettings,
        window: int,
        apart: bool,
        penalty: Penalty,
        max_half_wins: int,
    ) -> None:
        self.field = field
        self.penalty = penalty
        # The difference in half-wins beyond which the penalty stops growing.
        self.max_half_wins = max_half_wins
        self.meetings = meetings
        self.settings = settings
        self.window = window
        self.apart = apart
        self._reach: dict[int, int] = {}
        self._solved: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def reach(self, i: int) -> int:
        """How many places either side ``swiss.candidate_edges`` offers player ``i``
        opponents: the window, stretched until they have enough opponents never met."""
        known = self._reach.get(i)
        if known is not None:
            return known
        field, count, times = self.field, len(self.field), self.meetings.times
        player_id, fresh, reach = field[i].id, 0, count - 1
        for distance in range(1, count):
            if distance > self.window and fresh >= self.settings.swiss_min_candidates:
                reach = distance - 1
                break
            for j in (i - distance, i + distance):
                if 0 <= j < count:
                    fresh += times(player_id, field[j].id) == 0
        self._reach[i] = reach
        return reach

    def conflict(self, i: int, j: int) -> bool:
        """A game that a cycle of swaps may improve on: a repeat, or team-mates kept apart."""
        a, b = self.field[i], self.field[j]
        return self.meetings.times(a.id, b.id) > 0 or (self.apart and team_mates(a, b))

    def conflicts(self) -> list[int]:
        """The first places of the neighbours' games that are conflicts."""
        return [k for k in range(0, len(self.field), 2) if self.conflict(k, k + 1)]

    def edges(self, lo: int, hi: int) -> list[tuple[int, int, int]]:
        """The candidate games between places ``lo..hi-1``, numbered from ``lo``."""
        field, times, repeats = self.field, self.meetings.times, self.settings.max_repeats
        penalty = self.penalty
        reach = [self.reach(i) for i in range(lo, hi)]
        farthest = max(reach, default=0)
        out = []
        for i in range(lo, hi):
            a, reach_i = field[i], reach[i - lo]
            for j in range(i + 1, min(hi, i + farthest + 1)):
                distance = j - i
                if distance > reach_i and distance > reach[j - lo]:
                    continue
                b = field[j]
                weight = penalty(a, b, distance, times(a.id, b.id), repeats, self.apart)
                out.append((i - lo, j - lo, weight))
        return out

    def solve(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The exact matching of places ``lo..hi-1`` (an even stretch: the neighbours' games
        are candidates, so it always has one), as pairs of places."""
        key = (lo, hi)
        if key not in self._solved:
            matched = min_penalty_matching(hi - lo, self.edges(lo, hi)) or []
            self._solved[key] = [(lo + a, lo + b) for a, b in matched]
        return self._solved[key]

    def needed(self, lo: int, hi: int) -> tuple[int, int]:
        """The stretch the answer of places ``lo..hi-1`` needs. Twice as wide while a conflict
        is left, or while it plays more wins apart than the neighbours' games did (the least
        any pairing can, so then it is not certainly the best) and the wider stretch finds a
        better answer. Else every moved player's candidates, with ``GUARD`` places to spare."""
        pairs = self.solve(lo, hi)
        wider = max(0, lo - (hi - lo)), min(len(self.field), hi + (hi - lo))
        if any(self.conflict(i, j) for i, j in pairs):
            return wider
        if self.wins_apart(pairs) > self.wins_apart(_neighbours(lo, hi)) and self.better(
            lo, hi, wider
        ):
            return wider
        need_lo, need_hi = lo, hi
        for i, j in pairs:
            if j == i + 1 and i % 2 == 0:
                continue
            for k in (i, j):
                spare = self.reach(k) + GUARD
                need_lo, need_hi = min(need_lo, k - spare), max(need_hi, k + spare + 1)
        return max(0, need_lo), min(len(self.field), need_hi)

    def better(self, lo: int, hi: int, wider: tuple[int, int]) -> bool:
        """Whether the ``wider`` stretch's answer beats this one's beside the answers of the
        two parts it adds, each on its own (the whole field is not solved here: growing to it
        is the exact matching anyway)."""
        if wider == (0, len(self.field)):
            return True
        apart = [self.solve(a, b) for a, b in ((wider[0], lo), (lo, hi), (hi, wider[1])) if a < b]
        return self.cost(self.solve(*wider)) < sum(self.cost(pairs) for pairs in apart)

    def cost(self, pairs: list[tuple[int, int]]) -> int:
        """The whole penalty of ``pairs``."""
        field, times, penalty = self.field, self.meetings.times, self.penalty
        repeats, apart = self.settings.max_repeats, self.apart
        return sum(
            penalty(field[i], field[j], j - i, times(field[i].id, field[j].id), repeats, apart)
            for i, j in pairs
        )

    def wins_apart(self, pairs: list[tuple[int, int]]) -> int:
        """The part of the penalty of ``pairs`` for the difference in wins."""
        field, penalty = self.field, self.penalty
        return sum(penalty(field[i], field[j], 0, 0, 0, False) for i, j in pairs)

    def uncapped(self) -> bool:
        """Whether wins fall down the order and no candidate game is so many wins apart that
        the penalty stops growing: the convexity argument needs both, else only the exact
        matching will do. (The cap on places never matters: the neighbours' games are all one
        place apart, the least any game can be.)"""
        field, count, most = self.field, len(self.field), self.max_half_wins
        wins = [c.wins for c in field]
        if any(later > earlier for earlier, later in zip(wins, wins[1:], strict=False)):
            return False
        if not field or (wins[0] - wins[-1]) * 2 <= most:
            return True
        # A player with m opponents has enough fresh ones within min_candidates + m places.
        bound = max(
            self.window, self.settings.swiss_min_candidates + self.meetings.most_opponents()
        )
        return all((wins[i] - wins[min(i + bound, count - 1)]) * 2 <= most for i in range(count))


def local_pairs(
    matcher: LocalMatcher,
    exact: Callable[[], list[tuple[int, int]] | None],
) -> list[tuple[int, int]] | None:
    """The least penalised pairing of ``matcher``'s field as sorted pairs of places (``None``
    for an odd field), the same total as ``exact()`` gives, by stretches around conflicts."""
    count = len(matcher.field)
    if count % 2:
        return None
    if not matcher.uncapped():
        return exact()
    spare = matcher.window + MARGIN
    join = matcher.window
    stretches = _merged([(k - spare, k + 2 + spare) for k in matcher.conflicts()], count, join)
    while stretches != [(0, count)]:
        grown = _merged([matcher.needed(lo, hi) for lo, hi in stretches], count, join)
        if grown == stretches:
            return _assembled(count, stretches, matcher)
        stretches = grown
    return exact()


def _neighbours(lo: int, hi: int) -> list[tuple[int, int]]:
    return [(k, k + 1) for k in range(lo, hi, 2)]


def _merged(stretches: list[tuple[int, int]], count: int, join: int) -> list[tuple[int, int]]:
    """Stretches widened to whole neighbours' games, inside the field; those fewer than
    ``join`` places apart become one (a cycle of swaps may run from one to the next)."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted((max(0, lo - lo % 2), min(count, hi + hi % 2)) for lo, hi in stretches):
        if out and lo < out[-1][1] + join:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _assembled(
    count: int, stretches: list[tuple[int, int]], matcher: LocalMatcher
) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    start = 0
    for lo, hi in stretches:
        pairs += _neighbours(start, lo) + matcher.solve(lo, hi)
        start = hi
    pairs += _neighbours(start, count)
    return sorted(pairs)
