"""Benchmark of Swiss pairing against networkx on the same candidate weights.

Not part of pairing itself: it reads the clock, and networkx is only a test/bench dependency
(imported inside the function). Run: ``python -m tournaments.pairing.bench``.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from .matching import min_penalty_matching
from .meetings import Meetings
from .registry import pair_round
from .sides import record_side
from .swiss import candidate_edges
from .swiss import pair as swiss_pair
from .types import FIRST, SECOND, Competitor, PairingSettings, RoundInput

BYE_SPREAD = 50


def simulate_swiss(
    size: int, rounds: int, seed: int, settings: PairingSettings
) -> tuple[tuple[Competitor, ...], tuple[tuple[int, int | None], ...]]:
    """A field of ``size`` after ``rounds`` Swiss rounds with rating-weighted random results:
    the standings (best first) and the pairing history."""
    rng = random.Random(seed)
    field = [Competitor(i, i, 0, 0, 0, rng.randint(600, 2200)) for i in range(1, size + 1)]
    field.sort(key=lambda c: (-c.rating, c.id))
    history: list[tuple[int, int | None]] = []
    for number in range(1, rounds + 1):
        round_input = RoundInput(
            number,
            rounds + 5,
            tuple(field),
            tuple(history),
            settings=settings,
            seed=rng.randrange(2**31),
        )
        by_id = {c.id: c for c in field}
        for pairing in pair_round("swiss", round_input):
            history.append((pairing.first, pairing.second))
            _play(by_id, pairing.first, pairing.second, rng)
        field = sorted(by_id.values(), key=lambda c: (-c.wins, -c.spread, -c.rating, c.id))
        field = [replace(c, rank=place) for place, c in enumerate(field, start=1)]
    return tuple(field), tuple(history)


def _play(by_id: dict[int, Competitor], first: int, second: int | None, rng: random.Random) -> None:
    a = by_id[first]
    if second is None:
        by_id[first] = replace(a, wins=a.wins + 1, spread=a.spread + BYE_SPREAD, byes=a.byes + 1)
        return
    b = by_id[second]
    chance = 1 / (1 + 10 ** ((b.rating - a.rating) / 400))
    margin = rng.randint(1, 200) * (1 if rng.random() < chance else -1)
    a, b = record_side(a, FIRST), record_side(b, SECOND)
    by_id[first] = replace(
        a, wins=a.wins + (margin > 0), losses=a.losses + (margin < 0), spread=a.spread + margin
    )
    by_id[second] = replace(
        b, wins=b.wins + (margin < 0), losses=b.losses + (margin > 0), spread=b.spread - margin
    )


def bench_swiss(
    sizes: tuple[int, ...] = (50, 200, 500, 1000),
    rounds: int = 10,
    seed: int = 1,
    networkx_up_to: int = 1000,
) -> list[dict]:
    """For each size: simulate ``rounds`` rounds, then time pairing the next Swiss round.

    Reports ``pair_seconds`` (the whole Swiss pairing, graph building included),
    ``rustworkx_seconds`` and ``networkx_seconds`` (the matching alone, on the exact same
    candidate weight graph; networkx is skipped above ``networkx_up_to`` players), the edge
    count, the speed-up, and whether both matchings reach the same total weight.
    """
    import networkx

    settings = PairingSettings(gibsonize=False)
    rows = []
    for size in sizes:
        field, history = simulate_swiss(size, rounds, seed, settings)
        round_input = RoundInput(
            rounds + 1, rounds + 5, field, history, settings=settings, seed=seed
        )
        started = time.perf_counter()
        swiss_pair(round_input)
        pair_seconds = time.perf_counter() - started
        even = field[: len(field) - len(field) % 2]
        edges = candidate_edges(even, Meetings(history), settings, settings.swiss_window)
        started = time.perf_counter()
        matched = min_penalty_matching(len(even), edges)
        rustworkx_seconds = time.perf_counter() - started
        row = {
            "players": size,
            "edges": len(edges),
            "pair_seconds": pair_seconds,
            "rustworkx_seconds": rustworkx_seconds,
        }
        if size <= networkx_up_to:
            ceiling = max(p for _, _, p in edges) + 1
            graph = networkx.Graph()
            graph.add_weighted_edges_from((a, b, ceiling - p) for a, b, p in edges)
            started = time.perf_counter()
            nx_matched = networkx.max_weight_matching(graph, maxcardinality=True)
            row["networkx_seconds"] = time.perf_counter() - started
            row["speedup"] = row["networkx_seconds"] / max(rustworkx_seconds, 1e-9)
            penalty = {(a, b): p for a, b, p in edges}
            totals = [
                sum(penalty[(min(a, b), max(a, b))] for a, b in m)
                for m in (matched or [], nx_matched)
            ]
            row["same_total"] = totals[0] == totals[1]
        rows.append(row)
    return rows


if __name__ == "__main__":
    for result in bench_swiss():
        print(result)
