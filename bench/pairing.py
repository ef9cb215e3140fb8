"""`manage.py bench pairing`: pairing one Swiss round of a large field, and the matching alone
with rustworkx against networkx.max_weight_matching on the same candidate weights.

networkx is a test dependency only, so it is imported inside the function that needs it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from pairing.matching import min_penalty_matching
from pairing.meetings import Meetings
from pairing.registry import pair_round
from pairing.sides import record_side
from pairing.swiss import candidate_edges
from pairing.swiss import pair as swiss_pair
from pairing.types import FIRST, SECOND, Competitor, PairingSettings, RoundInput

from .timing import timed

BYE_SPREAD = 50


def bench_pairing(sizes: tuple[int, ...] = (50, 200, 500, 1000), rounds: int = 10) -> list[str]:
    """Printable figures: one line per field size."""
    lines = [
        f"Swiss pairing after {rounds} rounds (matching on the same weights):",
        f"{'players':>8} {'edges':>8} {'pair s':>9} {'rustworkx s':>12} {'networkx s':>11} "
        f"{'speed-up':>9} {'same total':>10}",
    ]
    for row in bench_swiss(sizes=sizes, rounds=rounds):
        networkx = row.get("networkx_seconds")
        nx_text = "-" if networkx is None else f"{networkx:.4f}"
        speedup = "-" if networkx is None else f"{row['speedup']:.1f}x"
        lines.append(
            f"{row['players']:>8} {row['edges']:>8} {row['pair_seconds']:>9.4f} "
            f"{row['rustworkx_seconds']:>12.4f} {nx_text:>11} {speedup:>9} "
            f"{str(row.get('same_total', '-')):>10}"
        )
    return lines


def bench_swiss(
    sizes: tuple[int, ...], rounds: int, seed: int = 1, networkx_up_to: int = 1000
) -> list[dict]:
    """For each size: simulate ``rounds`` rounds, then time pairing the next Swiss round, and
    the matching alone on the exact same candidate graph (networkx only up to
    ``networkx_up_to`` players)."""
    settings = PairingSettings(gibsonize=False)
    rows = []
    for size in sizes:
        field, history = simulate_swiss(size, rounds, seed, settings)
        round_input = RoundInput(
            rounds + 1, rounds + 5, field, history, settings=settings, seed=seed
        )
        _pairings, pair_seconds = timed(partial(swiss_pair, round_input))
        even = field[: len(field) - len(field) % 2]
        edges = candidate_edges(even, Meetings(history), settings, settings.swiss_window)
        matched, rustworkx_seconds = timed(partial(min_penalty_matching, len(even), edges))
        row = {
            "players": size,
            "edges": len(edges),
            "pair_seconds": pair_seconds,
            "rustworkx_seconds": rustworkx_seconds,
        }
        if size <= networkx_up_to:
            row |= _against_networkx(edges, matched or [], rustworkx_seconds)
        rows.append(row)
    return rows


def _against_networkx(edges, matched, rustworkx_seconds: float) -> dict:
    import networkx

    ceiling = max(p for _, _, p in edges) + 1
    graph = networkx.Graph()
    graph.add_weighted_edges_from((a, b, ceiling - p) for a, b, p in edges)
    nx_matched, seconds = timed(lambda: networkx.max_weight_matching(graph, maxcardinality=True))
    penalty = {(a, b): p for a, b, p in edges}
    totals = [sum(penalty[(min(a, b), max(a, b))] for a, b in m) for m in (matched, nx_matched)]
    return {
        "networkx_seconds": seconds,
        "speedup": seconds / max(rustworkx_seconds, 1e-9),
        "same_total": totals[0] == totals[1],
    }


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
