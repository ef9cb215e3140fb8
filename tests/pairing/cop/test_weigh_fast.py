"""The whole-graph weighing (numpy) gives exactly the penalties ``weight_parts`` explains, on
seeded random fields with every option of the weight context and random hard rules."""

import random

import pytest

from pairing.cop import rules as r
from pairing.cop.engine import nodes_of
from pairing.cop.hope import Hope
from pairing.cop.rules import Rule, allows_all, forcing
from pairing.cop.solve import weigh
from pairing.cop.weights import BYE, WeightContext, weight_parts

from .build import make_field


def weigh_one_by_one(nodes: list[int], ctx: WeightContext, rules: list[Rule]):
    """The reference: every game the rules allow, weighed alone by ``weight_parts`` (what the
    log explains)."""
    return [
        (i, j, sum(weight_parts(nodes[i], nodes[j], ctx).values()))
        for i in range(len(nodes))
        for j in range(i + 1, len(nodes))
        if allows_all(rules, nodes[i], nodes[j])
    ]


def random_context(rng: random.Random) -> tuple[list[int], WeightContext, list[Rule]]:
    size = rng.randint(2, 24)
    total = rng.randint(2, 16)
    left = rng.randint(1, total)
    records = sorted(
        ((rng.randint(-10, 10) * 2, rng.randint(-300, 300)) for _ in range(size)), reverse=True
    )
    pairs = [(a, b) for a in range(size) for b in range(a + 1, size)]
    met = rng.sample(pairs, min(len(pairs), rng.randint(0, 12)))
    met += rng.sample(met, min(len(met), 3))  # some pairs met twice
    last = rng.sample(pairs, min(len(pairs), rng.randint(0, 4)))
    prepaired = [] if rng.random() < 0.7 or size < 4 else [(size - 2, size - 1)]
    field = make_field(
        records,
        rounds_left=left,
        total_rounds=total,
        met=met,
        last=last,
        prepaired=prepaired,
        byes={p: rng.randint(0, 2) for p in range(size)},
    )
    places = rng.randint(1, size)
    hopeful = tuple(sorted(rng.randint(0, size - 1) for _ in range(size)))
    lowest = tuple(
        max(p for p in range(size) if hopeful[p] <= k) if any(h <= k for h in hopeful) else k
        for k in range(size)
    )
    hope = Hope(
        1,
        1,
        1,
        (0.0,) * size,
        (0.5,) * size,
        hopeful,
        tuple(max(0, h - 1) for h in hopeful),
        lowest,
    )
    locked = frozenset(rng.sample(range(size), rng.randint(0, min(3, size))))
    bottoms = {p: min(size - 1, lowest[hopeful[p]] + rng.randint(0, 2)) for p in range(size)}
    ctx = WeightContext(
        field,
        hope,
        places,
        locked,
        bottoms,
        rng.random() < 0.3,
        bottom_group=frozenset(rng.sample(range(size), rng.randint(0, size)))
        if rng.random() < 0.5
        else None,
        odd_pull=rng.randrange(1, size) if rng.random() < 0.3 else None,
        cash_contenders=frozenset(rng.sample(range(size), rng.randint(0, size)))
        if rng.random() < 0.7
        else None,
    )
    nodes = [p for p in field.to_pair] + ([BYE] if len(field.to_pair) % 2 else [])
    assert nodes == nodes_of(field)
    rules = []
    if rng.random() < 0.5:
        rules.append(
            Rule(r.GROUPS, group_of={p: p % 2 for p in field.to_pair if rng.random() < 0.8})
        )
    if rng.random() < 0.5 and len(nodes) >= 2:
        a, b = rng.sample(nodes, 2)
        rules.append(forcing(r.KOTH, [(a, b)], ()))
    if rng.random() < 0.3 and BYE in nodes:
        rules.append(Rule(r.GIBSON_BYE, {BYE: frozenset(rng.sample(field.to_pair, 1))}))
    return nodes, ctx, rules


@pytest.mark.parametrize("seed", range(40))
def test_the_whole_graph_weighs_as_game_by_game(seed):
    nodes, ctx, rules = random_context(random.Random(seed))
    assert weigh(nodes, ctx, rules) == weigh_one_by_one(nodes, ctx, rules)
