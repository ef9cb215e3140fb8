"""Step 8: the minimum-penalty perfect matching over the games the hard rules allow.

When a chosen game carries a major window penalty, that player's window widens by one rank and
the round is solved again. When no perfect matching exists, the rules are relaxed one at a time
to find which one makes the round impossible, and the error names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import rustworkx

from core.refusal import gettext_noop

from ..matching import min_penalty_matching
from . import messages as m
from .constraints import label
from .messages import CopError, Note, note
from .rules import KEY_OF, Rule, allows_all
from .weigh_fast import weigh_all
from .weights import BYE, MAJOR, WeightContext, weight_parts

WIDEN_NOTE = gettext_noop(
    "Hope window of %(player)s widened to rank %(bottom)s: no pairing kept them inside it."
)
GAME_NOTE = gettext_noop("%(upper)s v %(lower)s: penalty %(total)s (%(parts)s).")
RULE_NOTE = gettext_noop("decided by %(rule)s")
OVERCONSTRAINED_NOTE = gettext_noop(
    "COP cannot pair this round: with every hard constraint, %(players)s would be left without "
    "an opponent. Dropping %(rules)s for this round would allow a pairing; otherwise pair these "
    "players by hand."
)
ONE_OF = gettext_noop("any one of: %(rules)s")
ALL_OF = gettext_noop("all of: %(rules)s")
PART_NOTES = {
    "rank": gettext_noop("rank difference %(value)s"),
    "window": gettext_noop("hope window %(value)s"),
    "gibson": gettext_noop("gibsonized v casher %(value)s"),
    "repeat": gettext_noop("repeat %(value)s"),
    "rematch": gettext_noop("rematch of last round %(value)s"),
    "bye": gettext_noop("repeat bye %(value)s"),
    "casher_bye": gettext_noop("bye for a hopeful casher %(value)s"),
    "odd_group": gettext_noop("odd group of contenders for 1st %(value)s"),
    "cash": gettext_noop("cash contention %(value)s"),
}
NO_PARTS = gettext_noop("nothing")


@dataclass(frozen=True, slots=True)
class Solution:
    """The games chosen (``(a, BYE)`` for the bye), by position, and what the log says."""

    games: tuple[tuple[int, int], ...]
    context: WeightContext
    notes: tuple[Note, ...]


def weigh(
    nodes: Sequence[int], ctx: WeightContext, rules: Sequence[Rule]
) -> list[tuple[int, int, int]]:
    """The weighted graph: every game between ``nodes`` (by index) the rules allow."""
    return weigh_all(nodes, ctx, rules)


def solve(
    nodes: Sequence[int],
    ctx: WeightContext,
    rules: Sequence[Rule],
    edges: list[tuple[int, int, int]] | None = None,
) -> Solution:
    """Pair ``nodes`` (positions, with ``BYE`` for an odd field) at least total penalty;
    ``edges`` is ``weigh``'s graph when already computed."""
    notes: list[Note] = []
    edges = edges if edges is not None else weigh(nodes, ctx, rules)
    while True:
        matched = min_penalty_matching(len(nodes), edges)
        if matched is None:
            raise _overconstrained(nodes, rules, ctx)
        games = [_ordered(nodes[i], nodes[j]) for i, j in matched]
        widened = _widen(games, ctx)
        if not widened:
            break
        ctx = replace(ctx, window_bottom={**ctx.window_bottom, **widened})
        edges = weigh_all(nodes, ctx, rules)
        notes += [
            note(WIDEN_NOTE, player=label(ctx.field, p), bottom=b + 1)
            for p, b in sorted(widened.items())
        ]
    games.sort()
    notes += [_game_note(a, b, ctx, rules) for a, b in games]
    return Solution(tuple(games), ctx, tuple(notes))


def _ordered(a: int, b: int) -> tuple[int, int]:
    if b == BYE or (a != BYE and a < b):
        return a, b
    return b, a


def _allowed_pairs(nodes: Sequence[int], rules: Sequence[Rule]) -> list[tuple[int, int]]:
    return [
        (i, j)
        for i in range(len(nodes))
        for j in range(i + 1, len(nodes))
        if allows_all(rules, nodes[i], nodes[j])
    ]


def _widen(games: list[tuple[int, int]], ctx: WeightContext) -> dict[int, int]:
    """Players whose chosen game lies outside their window (major penalty), widened by one."""
    widened = {}
    for a, b in games:
        if weight_parts(a, b, ctx).get("window", 0) >= MAJOR // 2:
            widened[a] = ctx.window_bottom[a] + 1
    return widened


def _game_note(a: int, b: int, ctx: WeightContext, rules: Sequence[Rule]) -> Note:
    parts = weight_parts(a, b, ctx)
    shown = tuple(note(PART_NOTES[name], value=value) for name, value in parts.items())
    shown += tuple(
        note(RULE_NOTE, rule=Note(rule.name))
        for rule in rules
        if a in rule.partners or b in rule.partners
    )
    return note(
        GAME_NOTE,
        upper=label(ctx.field, a),
        lower=label(ctx.field, b),
        total=sum(parts.values()),
        parts=shown or Note(NO_PARTS),
    )


def _perfect(nodes: Sequence[int], rules: Sequence[Rule]) -> set[int]:
    """Nodes a maximum-cardinality matching leaves unmatched (empty: a perfect one exists)."""
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(len(nodes)))
    graph.add_edges_from_no_data(_allowed_pairs(nodes, rules))
    matched = rustworkx.max_weight_matching(graph, max_cardinality=True)
    covered = {n for pair in matched for n in pair}
    return {nodes[i] for i in range(len(nodes)) if i not in covered}


def _overconstrained(nodes: Sequence[int], rules: Sequence[Rule], ctx: WeightContext) -> CopError:
    """The error naming the rule(s) whose removal makes the round pairable."""
    allowed = _allowed_pairs(nodes, rules)
    isolated = set(nodes) - {nodes[i] for pair in allowed for i in pair}
    # Players with no legal opponent at all say most; else whoever the best matching leaves out.
    unmatched = sorted(p for p in (isolated or _perfect(nodes, rules)) if p != BYE)
    culprits = [rule for rule in rules if not _perfect(nodes, [x for x in rules if x is not rule])]
    wording = ONE_OF
    if not culprits:
        wording, kept = ALL_OF, list(rules)
        while kept and _perfect(nodes, kept):
            culprits.insert(0, kept.pop())
    names = tuple(Note(rule.name) for rule in culprits)
    error = CopError(
        m.OVERCONSTRAINED,
        OVERCONSTRAINED_NOTE,
        players=", ".join(label(ctx.field, p) for p in unmatched),
        rules=note(wording, rules=names) if len(names) > 1 else names[0],
    )
    error.culprits = tuple(KEY_OF.get(rule.name, rule.name) for rule in culprits)
    error.all_needed = wording == ALL_OF
    return error
