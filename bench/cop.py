"""COP against plain Swiss on the same synthetic standings, timed phase by phase.

``run(out)`` builds seeded requests (30, 100 and 300 players, 12 rounds played and 12 left),
pairs each with COP (validation, standings, simulations, constraints/weights, matching) and
with the registry's Swiss, and prints seconds per phase. The figures are the machine's; the
pairings themselves are reproducible from the seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from pairing.cop.engine import assess, build_rules, match, nodes_of, weigh
from pairing.cop.hope import COST_BUDGET
from pairing.cop.request import CopRequest
from pairing.cop.settings import TSH_CONTROL_LOSS_SIMS, TSH_DIVISION_SIMS, CopSettings
from pairing.cop.standings import Field, field_from_request
from pairing.cop.validate import validate
from pairing.registry import pair_round
from pairing.types import Competitor, PairingSettings, RoundInput

SIZES = ((30, 12), (100, 12), (300, 12))
PLAYED = 12
PHASES = ("validation", "standings", "simulations", "constraints", "matching")


def synthetic_request(players: int, played: int, left: int, seed: int) -> CopRequest:
    """A division after ``played`` rounds: round 1 random, then 1v2, 3v4 by standings (repeats
    allowed), scores from a hidden strength per player; an odd field's last player sits out
    with a +50 bye."""
    rng = random.Random(seed)
    strength = [rng.gauss(0, 40) for _ in range(players)]
    record = [[0, 0] for _ in range(players)]  # wins minus losses, spread
    pairings, results = [], []
    for number in range(played):
        order = list(range(players))
        if number == 0:
            rng.shuffle(order)
        else:
            order.sort(key=lambda p: (-record[p][0], -record[p][1], p))
        rnd, scores = [-1] * players, [0] * players
        if players % 2:
            bye = order.pop()
            rnd[bye], scores[bye] = bye, 50
            record[bye][0] += 1
            record[bye][1] += 50
        for a, b in zip(order[0::2], order[1::2], strict=True):
            rnd[a], rnd[b] = b, a
            scores[a] = round(400 + strength[a] + rng.gauss(0, 60))
            scores[b] = round(400 + strength[b] + rng.gauss(0, 60))
            margin = scores[a] - scores[b]
            for p, m in ((a, margin), (b, -margin)):
                record[p][0] += (m > 0) - (m < 0)
                record[p][1] += m
        pairings.append(tuple(rnd))
        results.append(tuple(scores))
    return CopRequest(
        names=tuple(f"Player {p + 1}" for p in range(players)),
        classes=(),
        pairings=tuple(pairings),
        results=tuple(results),
        rounds=played + left,
        settings=CopSettings(place_prizes=4),
        seed=seed,
    )


def time_cop(request: CopRequest) -> dict[str, float]:
    """Seconds per COP phase for one request (and the total)."""
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    validate(request)
    seconds["validation"] = _lap(started)
    field = field_from_request(request)
    seconds["standings"] = _lap(started, seconds)
    assessment = assess(field, request.settings, request.seed)
    seconds["simulations"] = _lap(started, seconds)
    time_cop.last_hope = assessment.hope
    rules, ctx, _notes = build_rules(field, request.settings, assessment)
    edges = weigh(nodes_of(field), ctx, rules)
    seconds["constraints"] = _lap(started, seconds)
    match(field, ctx, rules, edges)
    seconds["matching"] = _lap(started, seconds)
    seconds["total"] = sum(seconds.values())
    return seconds


def _lap(started: float, so_far: dict[str, float] | None = None) -> float:
    return time.perf_counter() - started - sum((so_far or {}).values())


def time_swiss(field: Field) -> float:
    """Seconds to pair the same standings with the registry's Swiss (gibsonization on)."""
    competitors = tuple(
        Competitor(s.player, p + 1, (s.wl2 // 2) + 12, 12 - s.wl2 // 2, s.spread, 0, s.byes)
        for p, s in enumerate(field.standings)
    )
    history = tuple(
        (field.standings[a].player, field.standings[b].player)
        for (a, b), times in field.meetings.items()
        for _ in range(times)
    )
    round_input = RoundInput(
        field.rounds_played + 1,
        field.total_rounds,
        competitors,
        history,
        settings=PairingSettings(prize_places=4),
        seed=1,
    )
    started = time.perf_counter()
    pair_round("swiss", round_input)
    return time.perf_counter() - started


def run(out: Callable[[str], object] | None = None, sizes=SIZES, played: int = PLAYED) -> list[str]:
    """Time COP and Swiss on each synthetic field; write each line to ``out`` as it comes and
    return them all."""
    lines: list[str] = []

    def emit(line: str) -> None:
        lines.append(line)
        if out is not None:
            out(line)

    emit(f"COP v Swiss, seconds per phase ({played} rounds played, seeded synthetic fields):")
    emit(
        f"TSH's defaults ({TSH_DIVISION_SIMS:,} division and {TSH_CONTROL_LOSS_SIMS:,} control "
        f"loss simulations); cost budget {COST_BUDGET:,} player-rounds x simulations a phase."
    )
    emit(
        f"{'players':>7} {'left':>4} "
        + " ".join(f"{p:>11}" for p in PHASES)
        + f" {'COP total':>10} {'Swiss':>8} {'sims run':>9} {'budget':>7}"
    )
    for players, left in sizes:
        request = synthetic_request(players, played, left, seed=players)
        seconds = time_cop(request)
        hope = time_cop.last_hope
        binds = "binds" if hope.cap < hope.requested else "fits"
        swiss = time_swiss(field_from_request(request))
        emit(
            f"{players:>7} {left:>4} "
            + " ".join(f"{seconds[p]:>11.4f}" for p in PHASES)
            + f" {seconds['total']:>10.4f} {swiss:>8.4f} {hope.sims:>9} {binds:>7}"
        )
    return lines
