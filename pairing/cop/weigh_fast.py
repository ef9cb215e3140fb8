"""Step 7 for the whole graph at once: every allowed game's penalty, computed with numpy.

The same parts as ``weights.weight_parts`` (which explains single games in the log), for the
n x n node pairs together, so that a field of 1000 players is weighed in well under a second
instead of half a million Python calls. ``tests/.../test_weigh_fast.py`` checks both agree.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .rules import Rule
from .weights import BYE, MAJOR, MINOR, REPEAT_CAP, WeightContext


def weigh_all(
    nodes: Sequence[int], ctx: WeightContext, rules: Sequence[Rule]
) -> list[tuple[int, int, int]]:
    """``(i, j, penalty)`` for every node pair ``i < j`` the rules allow, row by row."""
    count = len(nodes)
    if count < 2:
        return []
    field = ctx.field
    size = field.size
    node = np.asarray(nodes, dtype=np.int64)
    is_bye = node == BYE
    pos = np.where(is_bye, size, node)  # the bye ranks just below the last player
    upper = np.minimum.outer(pos, pos)
    lower = np.maximum.outer(pos, pos)
    bye_pair = is_bye[:, None] | is_bye[None, :]
    locked = np.zeros(size + 1, dtype=bool)
    locked[list(ctx.gibsonized)] = True
    hopeful = np.array([ctx.hopeful_casher(p) for p in range(size)] + [False])
    absolute = np.array([ctx.absolute_casher(p) for p in range(size)] + [False])
    total = _rank(upper, lower, bye_pair, locked, ctx) + _window(upper, lower, locked, ctx)
    total += _gibson(pos, locked, absolute, bye_pair, ctx)
    total += _pair_extras(node, pos, hopeful, bye_pair, ctx)
    total += _bye(pos, is_bye, hopeful, ctx)
    allowed = _allowed(node, rules)
    rows, cols = np.nonzero(np.triu(allowed, 1))
    weights = total[rows, cols]
    repeats = _repeats(node, ctx)
    edges = zip(rows.tolist(), cols.tolist(), weights.tolist(), strict=True)  # Python ints
    return [(i, j, w + repeats.get((i, j), 0)) for i, j, w in edges]


def _rank(upper, lower, bye_pair, locked, ctx: WeightContext) -> np.ndarray:
    distance = lower - upper
    gibson = locked[upper] | (~bye_pair & locked[lower])
    squared = gibson | (upper >= ctx.place_prizes)
    rank = np.where(squared, distance**2, distance**3)
    if ctx.last_quarter and not ctx.final_round:
        zero = ~locked[upper] & (upper <= ctx.lowest_hopeful_casher)
        rank = np.where(zero, 0, rank)
    return rank


def _window(upper, lower, locked, ctx: WeightContext) -> np.ndarray:
    if ctx.final_round:
        return np.zeros_like(upper)
    size = ctx.field.size
    bottoms = np.array([ctx.window_bottom.get(p, 0) for p in range(size)] + [0])
    bottom = bottoms[upper]
    inside = 2 * (bottom - lower) ** 3 if ctx.last_quarter else np.zeros_like(upper)
    outside = np.where(lower == bottom + 1, MAJOR // 2, MAJOR)
    window = np.where(lower <= bottom, inside, outside)
    applies = (upper <= ctx.lowest_hopeful_casher) & ~locked[upper]
    return np.where(applies, window, 0)


def _gibson(pos, locked, absolute, bye_pair, ctx: WeightContext) -> np.ndarray:
    a_locked, b_locked = locked[pos][:, None], locked[pos][None, :]
    a_cash, b_cash = absolute[pos][:, None], absolute[pos][None, :]
    hit = (a_locked & ~b_locked & b_cash) | (b_locked & ~a_locked & a_cash)
    if ctx.bottom_group is not None:
        inside = np.isin(pos, list(ctx.bottom_group))
        hit &= inside[:, None] & inside[None, :]
    return np.where(hit & ~bye_pair, MAJOR, 0)


def _pair_extras(node, pos, hopeful, bye_pair, ctx: WeightContext) -> np.ndarray:
    """Rematch, odd group and cash contention: the parts of a game between two players."""
    count = len(node)
    index = {int(p): i for i, p in enumerate(node)}
    extras = np.zeros((count, count), dtype=np.int64)
    cashers = hopeful[pos]
    for a, b in ctx.field.last_opponent.items():
        if a in index and b in index and not (cashers[index[a]] or cashers[index[b]]):
            extras[index[a], index[b]] += MINOR  # weight_parts reads last_opponent[a] == b
    pulled = ctx.odd_pull
    if pulled is not None and 0 in index and pulled in index:
        extras[index[0], index[pulled]] += MAJOR
        extras[index[pulled], index[0]] += MAJOR
    contenders = ctx.cash_contenders
    if contenders and ctx.last_quarter and not ctx.final_round:
        member = np.isin(pos, list(contenders))
        boundary = max(contenders) + 1
        split = member[:, None] != member[None, :]
        other = np.where(member[:, None], pos[None, :], pos[:, None])
        extras += np.where(split, np.where(other == boundary, MAJOR // 2, MAJOR), 0)
    return np.where(bye_pair, 0, extras)


def _bye(pos, is_bye, hopeful, ctx: WeightContext) -> np.ndarray:
    """The bye's own parts, on the row and column of the bye node."""
    count = len(pos)
    parts = np.zeros((count, count), dtype=np.int64)
    if not is_bye.any():
        return parts
    b = int(np.flatnonzero(is_bye)[0])
    for i, p in enumerate(pos):
        if i == b:
            continue
        byes = ctx.field.standings[p].byes
        value = (0 if ctx.allow_repeat_byes else MAJOR * byes) + (3 * MAJOR if hopeful[p] else 0)
        parts[i, b] = parts[b, i] = value
    return parts


def _repeats(node, ctx: WeightContext) -> dict[tuple[int, int], int]:
    """Repeat penalties by node pair (Python integers: they may be large)."""
    size = ctx.field.size
    index = {int(p): i for i, p in enumerate(node)}
    found = {}
    for (a, b), met in ctx.field.meetings.items():
        if a in index and b in index:
            i, j = sorted((index[a], index[b]))
            found[(i, j)] = (2 ** min(met, REPEAT_CAP) - 1) * 4 * (size**3 // 27)
    return found


def _allowed(node, rules: Sequence[Rule]) -> np.ndarray:
    count = len(node)
    allowed = np.ones((count, count), dtype=bool)
    index = {int(p): i for i, p in enumerate(node)}
    for rule in rules:
        for p, partners in rule.partners.items():
            if p not in index:
                continue
            keep = np.zeros(count, dtype=bool)
            keep[[index[q] for q in partners if q in index]] = True
            allowed[index[p], :] &= keep
            allowed[:, index[p]] &= keep
        if rule.group_of:
            groups = np.array([rule.group_of.get(int(p), -1) for p in node])
            free = groups == -1
            allowed &= (groups[:, None] == groups[None, :]) | free[:, None] | free[None, :]
    return allowed
