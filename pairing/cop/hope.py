"""Step 3: who can still realistically reach first place, and who can still cash.

Simulations run in batches until every player's chance of first and of cashing is decided
against the hopefulness threshold (Clopper-Pearson at 99%, Bonferroni-corrected over the 2 x n
questions), or until the number of simulations reaches its cap: the requested count, lowered
for large fields so a pairing stays fast (``sim_cap``; deterministic, and logged).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .simulate import Plan, simulate
from .stats import decided

CONFIDENCE = 0.99
# The cost bound of one request: player-rounds x simulations at most, per phase (division
# simulations; control loss and factor 3). TSH's defaults fit a 30-player division with 12
# rounds left (100,000 x 360 = 36 million); bigger requests get fewer simulations, and the log
# says so. About 10 ns a player-round-simulation on this kind of machine (one sort key per
# player and simulation, see ``simulate``): ~0.4 s a phase at most.
COST_BUDGET = 40_000_000
MIN_SIMS = 1000  # simulations before the first check whether every chance is decided
FLOOR_SIMS = 100  # never fewer (1000 players x 200 rounds x 100 = 20 million: within budget)
BATCH_ELEMENTS = 2_000_000  # players x simulations held in memory at once


@dataclass(frozen=True, slots=True)
class Hope:
    """What the division simulations say, by standings position.

    ``hopeful_rank[p]``: the best final position p reaches in at least threshold x sims
    (counting that position or better). ``absolute_rank[p]``: the best one reached at all.
    ``lowest_hopeful[k]``: the lowest-placed position still hopeful for place k or better.
    """

    sims: int
    requested: int
    cap: int
    first_chance: tuple[float, ...]
    cash_chance: tuple[float, ...]
    hopeful_rank: tuple[int, ...]
    absolute_rank: tuple[int, ...]
    lowest_hopeful: tuple[int, ...]


def sim_cap(requested: int, players: int, rounds: int) -> int:
    """The simulations a phase may run: the request's count, at most ``COST_BUDGET``
    player-rounds x simulations (never under ``FLOOR_SIMS`` unless fewer were requested)."""
    affordable = max(FLOOR_SIMS, COST_BUDGET // max(1, players * rounds))
    return min(requested, affordable)


def batch_size(players: int) -> int:
    """Simulations per batch, so a batch holds about ``BATCH_ELEMENTS`` values."""
    return max(100, BATCH_ELEMENTS // max(1, players))


def run_division_sims(
    wl2: tuple[int, ...],
    spread: tuple[int, ...],
    plan: Plan,
    requested: int,
    threshold: float,
    place_prizes: int,
    rng: np.random.Generator,
) -> Hope:
    """Simulate ``plan`` until the chances are decided or the cap is reached; see ``Hope``."""
    size = len(wl2)
    cap = sim_cap(requested, size, plan.rounds)
    counts = np.zeros((size, size), dtype=np.int64)
    done, next_check = 0, min(cap, MIN_SIMS)
    settled = np.zeros((2, size), dtype=bool)
    while done < cap:
        batch = min(batch_size(size), next_check - done)
        order = simulate(wl2, spread, plan, batch, rng)
        places = np.broadcast_to(np.arange(size), order.shape)
        counts += np.bincount((order * size + places).ravel(), minlength=size * size).reshape(
            size, size
        )
        done += batch
        if done == next_check:
            if _all_decided(counts, done, threshold, place_prizes, settled):
                break
            next_check = min(cap, 2 * next_check)
    return _hope(counts, done, requested, cap, threshold, place_prizes)


def _all_decided(counts, done, threshold, place_prizes, settled) -> bool:
    """Check the undecided questions; a decided one stays decided (sequential test)."""
    size = counts.shape[0]
    alpha = (1 - CONFIDENCE) / (2 * size)
    tallies = (counts[:, 0], counts[:, :place_prizes].sum(axis=1))
    for question, tally in enumerate(tallies):
        for p in np.flatnonzero(~settled[question]):
            settled[question, p] = decided(int(tally[p]), done, threshold, alpha)
    return bool(settled.all())


def _hope(counts, sims, requested, cap, threshold, place_prizes) -> Hope:
    size = counts.shape[0]
    cumulative = counts.cumsum(axis=1)
    reached = cumulative >= threshold * sims
    hopeful = [int(np.argmax(row)) if row.any() else size - 1 for row in reached]
    absolute = [int(np.argmax(row > 0)) for row in counts]
    deepest = [0] * size  # the lowest position whose hopeful rank is exactly this place
    for p, rank in enumerate(hopeful):
        deepest[rank] = max(deepest[rank], p)
    lowest, low = [], 0
    for place in range(size):
        low = max(low, place, deepest[place])
        lowest.append(low)
    return Hope(
        sims=sims,
        requested=requested,
        cap=cap,
        first_chance=tuple(float(c) / sims for c in counts[:, 0]),
        cash_chance=tuple(float(c) / sims for c in cumulative[:, place_prizes - 1]),
        hopeful_rank=tuple(hopeful),
        absolute_rank=tuple(absolute),
        lowest_hopeful=tuple(lowest),
    )
