"""`manage.py bench pairing`: pairing one Swiss round of a large field (the whole ``pair_round``:
candidate graph, matching, sides, tables), beside the exact matching of the whole candidate
graph (the reference ``swiss_pairs_exact``, and rustworkx's matching alone on that same graph,
and networkx's up to 1,000 players), and the quality of the structured matching against the
exact one on generated rounds (``bench/pairing_rounds.py``).

networkx is a test dependency only, so it is imported inside the function that needs it.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from functools import partial

from pairing.matching import min_penalty_matching
from pairing.meetings import Meetings
from pairing.registry import pair_round
from pairing.sides import record_side
from pairing.swiss import candidate_edges, swiss_pairs_exact
from pairing.types import FIRST, SECOND, Competitor, PairingSettings, RoundInput

from .pairing_quality import quality_lines, round_gap
from .timing import timed

BYE_SPREAD = 50
SIZES = (1000, 2000, 5000, 10000)


def bench_pairing(players: int | None = None, rounds: int = 10) -> list[str]:
    """Printable figures: one line per field size (``players``: that size only), then the
    quality on generated rounds."""
    sizes = (players,) if players else SIZES
    lines = [
        f"Swiss pairing after {rounds} simulated rounds: the whole pair_round, wall and CPU "
        "seconds; the exact matching of the whole graph (swiss_pairs_exact), and rustworkx's "
        "matching alone on the same graph; what the pairing plays beyond the exact one.",
        f"{'players':>8} {'edges':>7} {'pair s':>7} {'pair cpu':>8} {'exact s':>8} "
        f"{'rustworkx':>9} {'networkx':>8} {'+repeats':>8} {'+across':>7} {'+total':>7}",
    ]
    for row in bench_swiss(sizes=sizes, rounds=rounds):
        networkx = row.get("networkx_seconds")
        nx_text = "-" if networkx is None else f"{networkx:.3f}"
        lines.append(
            f"{row['players']:>8} {row['edges']:>7} {row['pair_seconds']:>7.3f} "
            f"{row['pair_cpu']:>8.3f} {row['exact_seconds']:>8.3f} "
            f"{row['rustworkx_seconds']:>9.3f} {nx_text:>8} {row['gap'].repeats:>8} "
            f"{row['gap'].across:>7} {row['gap'].total:>7}"
        )
    return lines + quality_lines()


def bench_swiss(
    sizes: tuple[int, ...], rounds: int, seed: int = 1, networkx_up_to: int = 1000
) -> list[dict]:
    """For each size: simulate ``rounds`` rounds, then time pairing the next Swiss round, the
    exact matching of the whole graph, and the matching alone on that same candidate graph
    (networkx only up to ``networkx_up_to`` players)."""
    settings = PairingSettings(gibsonize=False)
    rows = []
    for size in sizes:
        field, history = simulate_swiss(size, rounds, seed, settings)
        round_input = RoundInput(
            rounds + 1, rounds + 5, field, history, settings=settings, seed=seed
        )
        cpu = time.process_time()
        _pairings, pair_seconds = timed(partial(pair_round, "swiss", round_input))
        cpu = time.process_time() - cpu
        even = field[: len(field) - len(field) % 2]
        meetings = Meetings(history)
        exact, exact_seconds = timed(partial(swiss_pairs_exact, even, meetings, settings))
        edges = candidate_edges(even, meetings, settings, settings.swiss_window)
        matched, rustworkx_seconds = timed(partial(min_penalty_matching, len(even), edges))
        row = {
            "players": size,
            "edges": len(edges),
            "pair_seconds": pair_seconds,
            "pair_cpu": cpu,
            "exact_seconds": exact_seconds,
            "rustworkx_seconds": rustworkx_seconds,
            "gap": round_gap(even, history, settings, exact),
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
