"""Who goes first: fewer firsts first, then who went second more recently, then a draw."""

from __future__ import annotations

import random
from dataclasses import replace

from .types import FIRST, SECOND, Competitor


def decide_first(a: Competitor, b: Competitor, rng: random.Random) -> tuple[int, int, bool]:
    """Return ``(first, second, drawn)`` for a game between ``a`` and ``b``.

    The player who has gone first fewer times goes first. On a tie, walk back through both
    players' recent sides together: at the first game where they differ, the one who went
    second goes first. Otherwise draw with ``rng`` and report ``drawn=True`` so it can be shown.
    """
    if a.firsts != b.firsts:
        return (a.id, b.id, False) if a.firsts < b.firsts else (b.id, a.id, False)
    for side_a, side_b in zip(reversed(a.last_sides), reversed(b.last_sides), strict=False):
        if side_a != side_b:
            return (a.id, b.id, False) if side_a == SECOND else (b.id, a.id, False)
    if rng.random() < 0.5:
        return a.id, b.id, True
    return b.id, a.id, True


def record_side(competitor: Competitor, side: str) -> Competitor:
    """``competitor`` after one more game played on ``side`` ('F' or 'S'); handy for simulations."""
    return replace(
        competitor,
        firsts=competitor.firsts + (side == FIRST),
        seconds=competitor.seconds + (side == SECOND),
        last_sides=(*competitor.last_sides, side),
    )
