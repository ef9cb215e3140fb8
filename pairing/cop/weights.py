"""Step 7: the penalty of each possible game (lower is better), in named parts for the log.

Ranks are standings positions (0 first); the bye is a pseudo-player ranked just below the last.
For a game between ranks ri < rj:

- ``rank``: (rj - ri)^3, squared instead when either is gibsonized or ri is outside the paid
  places, and nothing in the last quarter before the final round when ri is a non-gibsonized
  player at or above the lowest hopeful casher;
- ``window``: a player at or above the lowest hopeful casher should meet someone down to the
  bottom L of their hope window: outside it a major penalty (half for the first rank past it),
  inside it nothing or, in the last quarter, 2|L - rj|^3 (steering the leader towards the
  lowest player who can still catch them);
- ``gibson``: a gibsonized player against a non-gibsonized player who can still cash: major;
- ``repeat``: (2^t - 1) x 4 floor(n^3 / 27) for t earlier meetings;
- ``rematch``: last round's opponents again when neither can hope to cash: minor;
- ``bye``: major per bye already had, unless repeat byes are allowed; ``casher_bye``: three
  major penalties for giving a hopeful casher the bye;
- ``odd_group``: the player pulled into an odd group of contenders for 1st against the leader:
  major;
- ``cash``: in the last quarter before the final round, a hopeful casher against a non-hopeful
  player: major (half for the first rank past the last hopeful one).

The window and cash weights are off in the final round, where king of the hill and rank
difference decide; see "Precise rules" in shared/COP.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .hope import Hope
from .standings import Field

MAJOR = 10**9
MINOR = 10**6
BYE = -1
REPEAT_CAP = 24  # meetings counted at most: keeps every penalty inside 64 bits


@dataclass(frozen=True, slots=True)
class WeightContext:
    """What the weights depend on; ``window_bottom[p]`` is L for position p (widened as the
    matching asks). ``bottom_group``: the Gibson bottom group, where alone the gibsonized v
    casher penalty applies (``None``: everywhere). ``odd_pull``: the player pulled into an odd
    group of contenders for 1st, kept from the leader. ``cash_contenders``: the hopeful cashers
    of the cash-contention weights (``None``: those weights are off)."""

    field: Field
    hope: Hope
    place_prizes: int
    gibsonized: frozenset[int]
    window_bottom: Mapping[int, int]
    allow_repeat_byes: bool
    bottom_group: frozenset[int] | None = None
    odd_pull: int | None = None
    cash_contenders: frozenset[int] | None = None

    @property
    def last_quarter(self) -> bool:
        """The rounds still to pair, this one included, are at most a quarter of the event
        (counted from the complete rounds, scored or not)."""
        return 4 * (self.field.total_rounds - self.field.completed) <= self.field.total_rounds

    @property
    def final_round(self) -> bool:
        """The round to pair is the last one."""
        return self.field.rounds_left <= 1

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


def cash_contenders(
    field: Field, hope: Hope, place_prizes: int, gibsonized: frozenset[int]
) -> frozenset[int]:
    """The players to pair who are hopeful to cash, gibsonized players aside; in fields of 12
    or more never the bottom six; when their count is odd, the highest non-hopeful player (not
    in the bottom six) joins them as hopeful for the last paid place."""
    bottom_six = set(range(field.size - 6, field.size)) if field.size >= 12 else set()
    candidates = [p for p in field.to_pair if p not in gibsonized and p not in bottom_six]
    hopeful = {p for p in candidates if hope.hopeful_rank[p] < place_prizes}
    if len(hopeful) % 2:
        rest = [p for p in candidates if p not in hopeful]
        if rest:
            hopeful.add(rest[0])
    return frozenset(hopeful)


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
        parts["casher_bye"] = 3 * MAJOR if ctx.hopeful_casher(a) else 0
    else:
        parts["gibson"] = _gibson(a, b, ctx)
        met = ctx.field.met(a, b)
        parts["repeat"] = (2 ** min(met, REPEAT_CAP) - 1) * 4 * (size**3 // 27)
        rematch = ctx.field.last_opponent.get(a) == b
        cashers = ctx.hopeful_casher(a) or ctx.hopeful_casher(b)
        parts["rematch"] = MINOR if rematch and not cashers else 0
        parts["odd_group"] = (
            MAJOR if ctx.odd_pull is not None and {a, b} == {0, ctx.odd_pull} else 0
        )
        parts["cash"] = _cash(upper, lower, ctx)
    return {name: value for name, value in parts.items() if value}


def weight(a: int, b: int, ctx: WeightContext) -> int:
    """The total penalty of ``a`` v ``b``."""
    return sum(weight_parts(a, b, ctx).values())


def _rank(upper: int, lower: int, bye: bool, ctx: WeightContext) -> int:
    if (
        ctx.last_quarter
        and not ctx.final_round
        and upper not in ctx.gibsonized
        and upper <= ctx.lowest_hopeful_casher
    ):
        return 0
    distance = lower - upper
    gibson = upper in ctx.gibsonized or (not bye and lower in ctx.gibsonized)
    if gibson or upper >= ctx.place_prizes:
        return distance**2
    return distance**3


def _window(upper: int, lower: int, ctx: WeightContext) -> int:
    """Inside the window: nothing, or 2|L - rj|^3 in the last quarter; outside it a major
    penalty, half for the first rank past it. Off in the final round."""
    if ctx.final_round or upper > ctx.lowest_hopeful_casher or upper in ctx.gibsonized:
        return 0
    bottom = ctx.window_bottom[upper]
    if lower <= bottom:
        return 2 * (bottom - lower) ** 3 if ctx.last_quarter else 0
    return MAJOR // 2 if lower == bottom + 1 else MAJOR


def _gibson(a: int, b: int, ctx: WeightContext) -> int:
    if ctx.bottom_group is not None and not {a, b} <= ctx.bottom_group:
        return 0
    for locked, other in ((a, b), (b, a)):
        if locked in ctx.gibsonized and other not in ctx.gibsonized and ctx.absolute_casher(other):
            return MAJOR
    return 0


def _cash(upper: int, lower: int, ctx: WeightContext) -> int:
    """Last quarter before the final round: a hopeful casher against a non-hopeful player is a
    major penalty, half when the latter is the first rank past the last hopeful one."""
    cashers = ctx.cash_contenders
    if not cashers or not ctx.last_quarter or ctx.final_round:
        return 0
    if (upper in cashers) == (lower in cashers):
        return 0
    other = lower if upper in cashers else upper
    return MAJOR // 2 if other == max(cashers) + 1 else MAJOR
