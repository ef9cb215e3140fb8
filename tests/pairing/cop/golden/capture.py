"""Capture what COP answers for fixed seeds, so a faster engine can be held to the same answers.

Run from the project root: ``python -m tests.pairing.cop.golden.capture > FILE``.
``sims_v1.json`` was written by the engine as it stood before the simulations were rewritten
(commit b1674dd); ``sims_now.json`` is what the engine answers now. Rewrite ``sims_now.json``
only for a change of rule, and list what it moved in ``test_same_answers_for_the_same_seed``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import numpy as np

from bench.cop import synthetic_request
from pairing.cop.contention import assess, build_rules
from pairing.cop.engine import nodes_of, pair_request
from pairing.cop.simulate import Plan, simulate
from pairing.cop.solve import weigh
from pairing.cop.standings import field_from_request

# (players, rounds played, rounds left, seed, settings changes)
REQUESTS = (
    (30, 12, 12, 30, {}),
    (31, 12, 12, 31, {"division_sims": 20_000}),
    (100, 12, 12, 100, {}),
    (300, 12, 12, 300, {"division_sims": 5_000}),
    (30, 18, 6, 7, {"control_loss_activation_round": 0, "control_loss_sims": 4000}),
    (25, 16, 8, 8, {"control_loss_activation_round": 0, "control_loss_sims": 3000}),
    (24, 20, 4, 9, {"control_loss_activation_round": 0, "control_loss_sims": 3000}),
    (17, 10, 2, 10, {"control_loss_activation_round": 0, "control_loss_sims": 3000}),
    (18, 10, 2, 11, {"control_loss_activation_round": 99, "place_prizes": 3}),
    (40, 11, 1, 12, {"division_sims": 20_000}),
    (41, 11, 1, 13, {"division_sims": 20_000, "top_down_byes": True}),
)


def request_for(players, played, left, seed, changes):
    request = synthetic_request(players, played, left, seed)
    return replace(request, settings=replace(request.settings, **changes))


def digest(array: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(array, dtype=np.int64).tobytes()).hexdigest()


def plans_for(field):
    """Every kind of plan the engine simulates, on this field."""
    left, cap, n = field.rounds_left, 200, field.size
    first = ((0, 2), (1, 1)) if n % 2 else ((0, 2), (1, 3))
    return {
        "division": Plan(left, cap),
        "first_games": Plan(left, cap, first),
        "almost": Plan(left, cap, (), winner=1, victim=0, victim_rounds=left - 1),
        "facing": Plan(left, cap, (), winner=2, victim=0),
        "usual": Plan(left, cap, (), winner=1, in_field=True),
        "usual_games": Plan(left, cap, ((0, 3),), winner=2, in_field=True),
        "outsider": Plan(left, cap, ((0, 3), (1, 4)), winner=2),
        # Added after sims_v1.json (the rule came with the clarified COP.md):
        "chase": Plan(left, cap, ((2, 3),), winner=1, chases_leader=True, victim_rounds=left - 1),
    }


def capture_request(spec) -> dict:
    request = request_for(*spec)
    field = field_from_request(request)
    a = assess(field, request.settings, request.seed)
    rules, ctx, _notes = build_rules(field, request.settings, a)
    edges = weigh(nodes_of(field), ctx, rules)
    response = pair_request(request)
    return {
        "spec": list(spec[:4]) + [spec[4]],
        "pairings": list(response.pairings),
        "error_code": response.error_code,
        "hope": {
            "sims": a.hope.sims,
            "first": [round(x * a.hope.sims) for x in a.hope.first_chance],
            "cash": [round(x * a.hope.sims) for x in a.hope.cash_chance],
            "hopeful_rank": list(a.hope.hopeful_rank),
            "absolute_rank": list(a.hope.absolute_rank),
        },
        "destiny": None if a.destiny is None else a.destiny.player,
        "factor3": None if a.factor3 is None else a.factor3.player,
        "verdict_notes": [
            n.render() for v in (a.destiny, a.factor3) if v is not None for n in v.notes
        ],
        "edges": digest(np.array(sorted(edges), dtype=np.int64)),
    }


def capture_plans(spec) -> dict:
    field = field_from_request(request_for(*spec))
    wl2 = tuple(s.wl2 for s in field.standings)
    spread = tuple(s.spread for s in field.standings)
    found = {}
    for name, plan in plans_for(field).items():
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([spec[3], 77])))
        found[name] = [digest(simulate(wl2, spread, plan, sims, rng)) for sims in (1, 999, 2500)]
    return found


def capture() -> dict:
    return {
        "requests": [capture_request(spec) for spec in REQUESTS],
        "plans": {str(i): capture_plans(spec) for i, spec in enumerate(REQUESTS[:9])},
    }


if __name__ == "__main__":
    print(json.dumps(capture(), indent=1, sort_keys=True))
