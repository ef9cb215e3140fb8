"""Step 7: the penalty of each possible game (lower is better), in named parts for the log.

Ranks are standings positions (0 first); the bye is a pseudo-player ranked just below the last.
For a game between ranks ri < rj:

- ``rank``: (rj - ri)^3, squared instead when either is gibsonized or ri is outside the paid
  places, and nothing in the last quarter of the event when ri is a hopeful casher;
- ``window``: a player at or above the lowest hopeful casher should meet someone down to the
  bottom L of their hope window: outside it a major penalty (in the last quarter 2|L - rj|^3,
  which steers the leader towards the lowest player who can still catch them);
- ``gibson``: a gibsonized player against a non-gibsonized player who can still cash: major;
- ``repeat``: (2^t - 1) x 4 floor(n^3 / 27) for t earlier meetings;
- ``rematch``: last round's opponents again when neither can hope to cash: minor;
- ``bye``: major per bye already had, unless repeat byes are allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .hope import Hope
from .standings import Field

MAJOR = 10**9
MINOR = 10**6
BYE = -1


@dataclass(frozen=True, slots=True)
class WeightContext:
    """What the weights depend on; ``window_bottom[p]`` is L for position p (widened as the
    matching asks)."""

    field: Field
    hope: Hope
    place_prizes: int
    gibsonized: frozenset[int]
    window_bottom: Mapping[int, int]
    allow_repeat_byes: bool

    @property
    def last_quarter(self) -> bool:
        """The rounds still to pair, this one included, are at most a quarter of the event
        (counted from the complete rounds, scored or not)."""
        return 4 * (self.field.total_rounds - self.field.completed) <= self.field.total_rounds

    @property
    def lowest_hopeful_casher(self) -> int:
        """The lowest position still hopeful for a paid place."""
        return self.hope.lowest_hopeful[self.place_prizes - 1]

    def hopeful_casher(self, pos: int) -> bool:
        """Whether ``pos`` reaches a paid place in at least the threshold share of sims."""
        return self.hope.hopeful_rank[pos] < self.place_prizes

    def absolute_casher(self, pos: int) -> bool:
        """Whether ``pos`` reached a paid place in any simulation."""
        return self.hope.absolute_rank[pos] < self.place_prizes


def weight_parts(a: int, b: int, ctx: WeightContext) -> dict[str, int]:
    """The non-zero parts of the penalty of ``a`` v ``b`` (``b`` may be ``BYE``)."""
    size = ctx.field.size
    if b == BYE:
        upper, lower = a, size
    else:
        upper, lower = min(a, b), max(a, b)
    parts = {
        "rank": _rank(upper, lower, b == BYE, ctx),
        "window": _window(upper, lower, ctx),
    }
    if b == BYE:
        byes = ctx.field.standings[a].byes
        parts["bye"] = 0 if ctx.allow_repeat_byes else MAJOR * byes
    else:
        parts["gibson"] = _gibson(a, b, ctx)
        met = ctx.field.met(a, b)
        parts["repeat"] = (2**met - 1) * 4 * (size**3 // 27)
        rematch = ctx.field.last_opponent.get(a) == b
        cashers = ctx.hopeful_casher(a) or ctx.hopeful_casher(b)
        parts["rematch"] = MINOR if rematch and not cashers else 0
    return {name: value for name, value in parts.items() if value}


def weight(a: int, b: int, ctx: WeightContext) -> int:
    """The total penalty of ``a`` v ``b``."""
    return sum(weight_parts(a, b, ctx).values())


def _rank(upper: int, lower: int, bye: bool, ctx: WeightContext) -> int:
    if ctx.last_quarter and ctx.hopeful_casher(upper):
        return 0
    distance = lower - upper
    gibson = upper in ctx.gibsonized or (not bye and lower in ctx.gibsonized)
    if gibson or upper >= ctx.place_prizes:
        return distance**2
    return distance**3


def _window(upper: int, lower: int, ctx: WeightContext) -> int:
    if upper > ctx.lowest_hopeful_casher or upper in ctx.gibsonized:
        return 0
    bottom = ctx.window_bottom[upper]
    if ctx.last_quarter:
        return 2 * abs(bottom - lower) ** 3
    return 0 if lower <= bottom else MAJOR


def _gibson(a: int, b: int, ctx: WeightContext) -> int:
    for locked, other in ((a, b), (b, a)):
        if locked in ctx.gibsonized and other not in ctx.gibsonized and ctx.absolute_casher(other):
            return MAJOR
    return 0
