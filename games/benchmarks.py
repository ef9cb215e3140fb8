"""Benchmarks for `manage.py bench` (wired by the lead): each returns printable lines."""

import random
import string
import time

from .engine import replay as engine_replay
from .engine.gcg import parse_gcg, write_gcg
from .lexicons import lexicon_from_text, read_word_list


def bench_replay(games: int = 200, seed: int = 1) -> list[str]:
    """GCG verification speed: random complete records replayed by the engine's verifier."""
    bench = getattr(engine_replay, "replay_bench", None)
    if bench is not None:
        result = bench(games, seed)
    else:  # the engine's own bench is missing: time verify_game on random records here
        rng = random.Random(seed)
        records = [engine_replay.random_record(rng.getrandbits(32)) for _ in range(games)]
        started = time.perf_counter()
        checked = [engine_replay.verify_game(record) for record in records]
        seconds = time.perf_counter() - started
        moves = sum(v.events for v in checked)
        result = {
            "games": games,
            "moves": moves,
            "problems": sum(len(v.problems) for v in checked),
            "seconds": seconds,
            "moves_per_second": moves / seconds if seconds else float("inf"),
        }
    lines = [
        f"replay: {result['games']} games, {result['moves']} moves re-scored in "
        f"{result['seconds']:.3f} s = {result['moves_per_second']:,.0f} moves/s "
        f"({result['problems']} problems)"
    ]
    lines.append(_bench_gcg_round_trip(min(games, 50), seed))
    return lines


def _bench_gcg_round_trip(games: int, seed: int) -> str:
    rng = random.Random(seed)
    texts = [write_gcg(engine_replay.random_record(rng.getrandbits(32))) for _ in range(games)]
    started = time.perf_counter()
    for text in texts:
        parse_gcg(text)
    seconds = time.perf_counter() - started
    return f"gcg parse: {games} records in {seconds:.3f} s = {games / seconds:,.0f} records/s"


def bench_lexicon(words: int = 280_000, seed: int = 1) -> list[str]:
    """Checking and loading an uploaded word list of ``words`` random words, then lookups."""
    rng = random.Random(seed)
    letters = string.ascii_uppercase
    text = "\n".join("".join(rng.choices(letters, k=rng.randint(2, 15))) for _ in range(words))
    started = time.perf_counter()
    word_list = read_word_list(text)
    checked = time.perf_counter() - started
    started = time.perf_counter()
    lexicon = lexicon_from_text(word_list.text)
    loaded = time.perf_counter() - started
    probes = word_list.words[:100_000]
    started = time.perf_counter()
    found = sum(1 for word in probes if word in lexicon.words)
    lookup = (time.perf_counter() - started) / len(probes)
    return [
        f"word list: {len(word_list.words)} words checked on upload in {checked:.3f} s, "
        f"loaded in {loaded:.3f} s; lookup {lookup * 1e6:.2f} µs ({found} found)"
    ]
