"""`manage.py bench lexicon`: checking and loading an uploaded word list, then looking words up."""

from __future__ import annotations

import random
import string

from games.engine.word_lists import lexicon_from_text, read_word_list

from .timing import timed

PROBES = 100_000


def bench_lexicon(words: int = 280_000, seed: int = 1) -> list[str]:
    """Printable figures for a list of ``words`` random words (the size of a real lexicon)."""
    rng = random.Random(seed)
    letters = string.ascii_uppercase
    text = "\n".join("".join(rng.choices(letters, k=rng.randint(2, 15))) for _ in range(words))
    word_list, checked = timed(lambda: read_word_list(text))
    lexicon, loaded = timed(lambda: lexicon_from_text(word_list.text))
    probes = word_list.words[:PROBES]
    found, lookups = timed(lambda: sum(1 for word in probes if word in lexicon.words))
    return [
        f"word list: {len(word_list.words)} words checked on upload in {checked:.3f} s, "
        f"loaded in {loaded:.3f} s; lookup {lookups / len(probes) * 1e6:.2f} µs ({found} found)"
    ]
