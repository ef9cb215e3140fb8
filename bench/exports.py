"""`manage.py bench exports`: the export files (tourney.js, .tou, NASPA) of a large field.

Pure: a random 400-player, 31-round division as stored pairings (a bye when the count is odd),
read into cells through the outcomes, then each writer; the database read before it is three
queries (tests/tournaments/selectors/test_exports.py).
"""

from __future__ import annotations

import random
import statistics
from datetime import date

from tournaments.exports import (
    EntryIn,
    ExportEvent,
    build_division,
    naspa_text,
    tou_text,
    tourney_js,
)
from tournaments.results.outcomes import BYE, PLAYED, Spreads
from tournaments.selectors.divisions import PairingRow

from .timing import runs_ms

RUNS = 5


def bench_exports(players: int = 400, rounds: int = 31, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    entries = [EntryIn(n, f"Player, No{n}", rng.randint(500, 2200)) for n in range(1, players + 1)]
    rows = random_rows(players, rounds, rng)
    spreads = Spreads()
    built: list = []

    def build():
        built[:] = [build_division("A", rounds, entries, rows, spreads)]

    lines = [f"Export files of {players} players after {rounds} rounds ({len(rows)} pairings):"]
    for label, run in [
        ("cells", build),
        ("tourney.js", lambda: tourney_js(ExportEvent("Bench", date(2026, 1, 1), tuple(built)))),
        (".tou", lambda: tou_text(ExportEvent("Bench", date(2026, 1, 1), tuple(built)))),
        ("NASPA", lambda: naspa_text(ExportEvent("Bench", date(2026, 1, 1), tuple(built)))),
    ]:
        timings = runs_ms(run, RUNS)
        lines.append(
            f"{label}: best {min(timings):.1f} ms, mean {statistics.fmean(timings):.1f} ms"
        )
    size = len(tourney_js(ExportEvent("Bench", date(2026, 1, 1), tuple(built))).encode())
    lines.append(f"tourney.js {size // 1024} KB")
    return lines


def random_rows(players: int, rounds: int, rng: random.Random) -> list[PairingRow]:
    rows: list[PairingRow] = []
    numbers = list(range(1, players + 1))
    pk = 0
    for rnd in range(1, rounds + 1):
        rng.shuffle(numbers)
        for table, i in enumerate(range(0, len(numbers) - 1, 2), start=1):
            pk += 1
            score, against = rng.randint(250, 600), rng.randint(250, 600)
            rows.append(
                PairingRow(
                    pk, rnd, table, numbers[i], numbers[i + 1], PLAYED, True, score, against, None
                )
            )
        if len(numbers) % 2:
            pk += 1
            rows.append(PairingRow(pk, rnd, None, numbers[-1], None, BYE, True, None, None, None))
    return rows
