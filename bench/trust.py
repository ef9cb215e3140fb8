"""`manage.py bench trust`: thousands of generated events through every pairing system and
``pair_check``; the rules broken must be none.

``sweep(count, seed)`` generates ``count`` events (fields of 2 to 40 players, 1 to 12 rounds,
each plan of ``PLANS`` in turn, late entries, withdrawals, forfeits and ties at the generator's
rates), checks each, and counts events, rounds, differences from the re-derivation, broken
rules and refusals (a system that cannot pair a generated round). Everything is seeded: a
finding can be replayed with ``generate_event --seed``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from core.refusal import Refusal
from pairing.cop.settings import CopSettings
from pairing.plan import parse_plan
from pairing.types import PairingSettings
from tournaments.pair_check import CheckSettings, check_division
from tournaments.pair_check.generate import EventSpec, generate_event

# Every system of the registry but manual (which pairs what a director types), alone and mixed.
PLANS = (
    ("1-N swiss", 1),
    ("1-N koth", 1),
    ("1-N queen", 1),
    ("1-N factor", 1),
    ("1-N random", 1),
    ("1-N seeded", 1),
    ("1-N roundrobin", 1),
    ("1-N double_roundrobin", 1),
    ("1-N quads", 1),
    ("1-N fontes", 1),
    ("1-N cop", 1),
    ("1 seeded; 2-N swiss lag 1", 2),
    ("1-2 random; 3-N-1 swiss; N koth", 4),
    ("1 fontes; 2-N cop", 2),
)  # (plan, fewest rounds it fits)
# COP with few simulations: the rules checked do not depend on their number.
QUICK_COP = CopSettings(division_sims=200, control_loss_sims=100)
EVENTS = 5000


@dataclass(slots=True)
class Sweep:
    """What a sweep found."""

    events: int = 0
    rounds: int = 0
    differing_rounds: int = 0
    differing_by_system: Counter[str] = field(default_factory=Counter)
    broken: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    not_derived: list[str] = field(default_factory=list)
    by_plan: Counter[str] = field(default_factory=Counter)


def spec_for(index: int, seed: int) -> EventSpec:
    """The ``index``-th event of a sweep: its plan, size, settings and seed."""
    rng = random.Random(seed * 1_000_003 + index)
    plan, fewest = PLANS[index % len(PLANS)]
    rounds = rng.randint(fewest, 12)
    settings = PairingSettings(
        max_repeats=rng.choice((0, 0, 1, 2)),
        gibsonize=rng.random() < 0.8,
        prize_places=rng.randint(1, 4),
        factor=rng.randint(1, 4),
        cop=QUICK_COP,
    )
    return EventSpec(
        players=rng.randint(2, 40),
        rounds=rounds,
        plan=plan,
        seed=rng.randrange(2**31),
        settings=settings,
    )


def sweep(count: int, seed: int = 0) -> Sweep:
    """Generate and check ``count`` events."""
    found = Sweep()
    for index in range(count):
        spec = spec_for(index, seed)
        found.by_plan[spec.plan] += 1
        where = f"--players {spec.players} --rounds {spec.rounds} --plan {spec.plan!r} --seed {spec.seed}"
        try:
            division = generate_event(spec)
        except Refusal as err:
            found.refused.append(f"{where}: {err}")
            continue
        report = check_division(
            division, CheckSettings(parse_plan(spec.plan), spec.rounds, spec.settings)
        )
        found.events += 1
        found.rounds += len(report.rounds)
        found.differing_rounds += report.differences
        found.differing_by_system.update(
            r.system for r in report.rounds if r.only_played or r.only_derived
        )
        found.broken += [f"{where}: {f.render()}" for f in report.broken]
        found.not_derived += [
            f"{where}: {n.render()}" for r in report.rounds if r.derived is None for n in r.notes
        ]
    return found


def bench_trust(count: int = EVENTS, seed: int = 0) -> Iterator[str]:
    """Run the sweep and print its figures and every finding."""
    started = time.perf_counter()
    found = sweep(count, seed)
    seconds = time.perf_counter() - started
    yield f"{found.events} events checked ({found.rounds} rounds) in {seconds:.1f} s"
    by_system = ", ".join(f"{k} {v}" for k, v in sorted(found.differing_by_system.items()))
    yield f"rounds differing from the re-derivation: {found.differing_rounds} ({by_system or '-'})"
    yield (
        f"rules broken: {len(found.broken)}; events refused: {len(found.refused)}; "
        f"rounds not re-derived: {len(found.not_derived)}"
    )
    for line in found.broken + found.refused + found.not_derived:
        yield "  " + line
