"""The whole pairing path as the director's "Pair round" button runs it: read the division,
build the pairing input, pair, write the round and its audit entry; beside the pairing core
alone and networkx's matching on the same candidate graph.

Each field is a public division built with ``bulk_create`` (``bench.pages.build_division``) with
10 rounds played and gibsonization on, inside a transaction rolled back at the end. Targets from
issue 14: the whole path under 0.5 s for 1,000 players and under 1.5 s for 2,000.
"""

from __future__ import annotations

import statistics
from functools import partial

from django.db import connection, transaction

from pairing.matching import min_penalty_matching
from pairing.meetings import Meetings
from pairing.registry import pair_round
from pairing.swiss import candidate_edges
from tournaments.models import Pairing
from tournaments.selectors import plans
from tournaments.services import rounds as round_services

from .pages import build_division
from .pairing import _against_networkx
from .timing import timed

PLAYED = 10
RUNS = 3


def bench_pairing_path(sizes: tuple[int, ...] = (500, 1000, 2000), runs: int = RUNS) -> list[str]:
    """Printable figures: one line per field size, seconds as min / median of ``runs``."""
    lines = [
        f"Pairing round {PLAYED + 1} through the service on {connection.vendor} "
        f"(min / median of {runs} runs; core = pairing alone):",
        f"{'players':>8} {'path s':>15} {'core s':>15} {'matching s':>11} {'networkx s':>11}",
    ]
    for size in sizes:
        row = _measure(size, runs)
        lines.append(
            f"{size:>8} {row['path'][0]:>7.3f}/{row['path'][1]:<7.3f} "
            f"{row['core'][0]:>7.3f}/{row['core'][1]:<7.3f} "
            f"{row['matching']:>11.3f} {row.get('networkx', float('nan')):>11.3f}"
        )
    return lines


def _measure(size: int, runs: int) -> dict:
    with transaction.atomic():
        division = _played_division(size)
        path = [_time_path(division) for _ in range(runs)]
        core, matching, networkx = _time_core(division, runs)
        transaction.set_rollback(True)
    return {
        "path": (min(path), statistics.median(path)),
        "core": (min(core), statistics.median(core)),
        "matching": matching,
        "networkx": networkx,
    }


def _played_division(size: int):
    division = build_division(players=size, rounds=PLAYED)
    division.rounds, division.gibsonize = PLAYED + 2, True
    division.save(update_fields=["rounds", "gibsonize"])
    Pairing.objects.filter(round__division=division, first_score__isnull=True).update(
        first_score=400, second_score=350
    )
    return division


def _time_path(division) -> float:
    pair = partial(round_services.round_pair, by=None, division=division, round_number=PLAYED + 1)
    return timed(lambda: pair(seed=1))[1]


def _time_core(division, runs: int) -> tuple[list[float], float, float]:
    results = round_services.pairing_read(division)
    planned = plans.planned_round(division, PLAYED + 1)
    round_input = round_services.build_round_input(division, PLAYED + 1, planned, 1, results)
    core = [timed(lambda: pair_round("swiss", round_input, []))[1] for _ in range(runs)]
    field = round_input.competitors[: len(round_input.competitors) // 2 * 2]
    settings = round_input.settings
    edges = candidate_edges(field, Meetings(round_input.history), settings, settings.swiss_window)
    matched, matching = timed(partial(min_penalty_matching, len(field), edges))
    versus = _against_networkx(edges, matched or [], matching) if len(field) <= 1000 else {}
    return core, matching, versus.get("networkx_seconds", float("nan"))
