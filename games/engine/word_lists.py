"""Word lists: reading an upload, and a small per-process cache of loaded lexicons.

A loaded 280,000-word list is a frozenset of a few tens of MB; building it takes a fraction of a
second, but doing it on every judgment would not, so each process keeps the last few it used,
keyed by the row id and the checksum (a re-upload under the same id gets a new checksum).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock

from core.readers.text import decode_upload
from core.refusal import gettext_noop

from .lexicon import Lexicon, LexiconError

MAX_WORD_LIST_BYTES = 10 * 1024 * 1024

NOT_A_WORD = gettext_noop("Line %(line)d: %(word)s is not a word (letters only).")
NO_WORDS = gettext_noop("The word list holds no words.")
CACHE_SIZE = 4
# An uploaded word list is decoded as every other upload is.
decode_word_list = decode_upload

_cache: OrderedDict[tuple[int, str], Lexicon] = OrderedDict()
_cache_lock = Lock()


@dataclass(frozen=True, slots=True)
class WordList:
    """A checked, normalised word list: upper case, sorted, no repeats."""

    words: list[str]
    text: str
    checksum: str


def read_word_list(text: str) -> WordList:
    """Check a list of one word per line (blank lines and # comments skipped; anything after the
    first space, such as a definition, ignored). Raises ``LexiconError`` naming the first bad
    line."""
    words = set()
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.split(None, 1)
        if not parts or parts[0].startswith("#"):
            continue
        word = parts[0].upper()
        if not word.isalpha():
            raise LexiconError(NOT_A_WORD, line=number, word=parts[0])
        words.add(word)
    if not words:
        raise LexiconError(NO_WORDS)
    ordered = sorted(words)
    normalised = "\n".join(ordered)
    checksum = hashlib.sha256(normalised.encode("utf-8")).hexdigest()
    return WordList(ordered, normalised, checksum)


def lexicon_from_text(text: str, name: str = "") -> Lexicon:
    """A lexicon from a normalised word list (one upper-case word per line)."""
    return Lexicon(frozenset(text.split("\n")), name)


def loaded_lexicon(lexicon) -> Lexicon:
    """The engine lexicon for a `games.Lexicon` row, from this process's cache when possible.

    Only on a miss are the words read from the database, so callers may pass a row fetched with
    the word list deferred.
    """
    key = (lexicon.pk, lexicon.checksum)
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    text = type(lexicon).objects.filter(pk=lexicon.pk).values_list("word_list", flat=True).get()
    loaded = lexicon_from_text(text, lexicon.name)
    with _cache_lock:
        _cache[key] = loaded
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return loaded


def clear_cache() -> None:
    """Forget every loaded lexicon (tests)."""
    with _cache_lock:
        _cache.clear()
