"""`manage.py bench standings`: computing the standings of a large field."""

from __future__ import annotations

import random
import statistics

from tournaments.results.standings import GameResult, PlayerInfo, ResultKind, standings

from .timing import runs_ms

RUNS = 7


def bench_standings(players: int = 400, rounds: int = 31, seed: int = 1) -> list[str]:
    """Printable figures: best and mean of several runs of ``standings()`` on random results."""
    rng = random.Random(seed)
    entries = [
        PlayerInfo(n, f"Player {n}", rating=rng.randint(500, 2200)) for n in range(1, players + 1)
    ]
    results = random_results(players, rounds, rng)
    timings = runs_ms(lambda: standings(entries, results), RUNS)
    return [
        f"Standings of {players} players after {rounds} rounds "
        f"({len(results)} result rows, {len(timings)} runs):",
        f"best {min(timings):.1f} ms, mean {statistics.fmean(timings):.1f} ms",
    ]


def random_results(players: int, rounds: int, rng: random.Random) -> list[GameResult]:
    """Random pairings and scores (a bye when the count is odd), one row per side per round."""
    results: list[GameResult] = []
    numbers = list(range(1, players + 1))
    for rnd in range(1, rounds + 1):
        rng.shuffle(numbers)
        if len(numbers) % 2:
            results.append(GameResult(rnd, numbers[-1], None, None, None, ResultKind.BYE))
        for i in range(0, len(numbers) - 1, 2):
            a, b = numbers[i], numbers[i + 1]
            sa, sb = rng.randint(250, 600), rng.randint(250, 600)
            results.append(GameResult(rnd, a, b, sa, sb, ResultKind.PLAYED, True))
            results.append(GameResult(rnd, b, a, sb, sa, ResultKind.PLAYED, False))
    return results
