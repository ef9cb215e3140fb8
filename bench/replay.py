"""`manage.py bench replay`: GCG verification speed, and GCG parsing speed.

The records are random engine games written out as any scoresheet is (bench.records); only the
verification and the parsing are timed, not making the records.
"""

from __future__ import annotations

import random

from games.engine.gcg import parse_gcg, write_gcg
from games.engine.replay import verify_game

from .records import random_record
from .timing import timed

PARSED_RECORDS = 50


def bench_replay(games: int = 200, seed: int = 1) -> list[str]:
    """Printable figures: ``games`` records re-scored by the verifier, then some parsed."""
    rng = random.Random(seed)
    records = [random_record(rng.getrandbits(32)) for _ in range(games)]
    checked, seconds = timed(lambda: [verify_game(record) for record in records])
    moves = sum(result.events for result in checked)
    problems = sum(len(result.problems) for result in checked)
    rate = moves / seconds if seconds else float("inf")
    texts = [write_gcg(record) for record in records[:PARSED_RECORDS]]
    _parsed, parse_seconds = timed(lambda: [parse_gcg(text) for text in texts])
    return [
        f"replay: {games} games, {moves} moves re-scored in {seconds:.3f} s = "
        f"{rate:,.0f} moves/s ({problems} problems)",
        f"gcg parse: {len(texts)} records in {parse_seconds:.3f} s = "
        f"{len(texts) / parse_seconds:,.0f} records/s",
    ]
