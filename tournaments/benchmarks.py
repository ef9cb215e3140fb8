"""Benchmarks the lead wires into ``manage.py bench pairing|standings``; each returns lines."""

from __future__ import annotations

from .pairing.bench import bench_swiss
from .standings import bench_standings as time_standings


def bench_pairing(sizes: tuple[int, ...] = (50, 200, 500, 1000), rounds: int = 10) -> list[str]:
    """Seconds to pair one Swiss round after ``rounds`` rounds, and the matching alone with
    rustworkx against networkx.max_weight_matching on the same candidate weights."""
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


def bench_standings(players: int = 400, rounds: int = 31) -> list[str]:
    """Milliseconds to compute the standings of ``players`` after ``rounds`` rounds."""
    row = time_standings(players=players, rounds=rounds)
    return [
        f"Standings of {row['players']} players after {row['rounds']} rounds "
        f"({row['results']} result rows, {row['runs']} runs):",
        f"best {row['best_ms']:.1f} ms, mean {row['mean_ms']:.1f} ms",
    ]
