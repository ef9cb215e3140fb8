"""The word list a game is judged against, and the judge's ruling on a play.

Licensed word lists are not shipped: a ``Lexicon`` is built from whatever list the
tournament uses (one word per line). Words are stored upper case in a frozenset, so a
lookup is a single hash probe.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.refusal import Refusal, gettext_noop

__all__ = ["Lexicon", "LexiconError", "judge"]


class LexiconError(Refusal):
    """A word list or a judge request that cannot be used."""


@dataclass(frozen=True, slots=True)
class Lexicon:
    """A set of acceptable words (upper case) with the name the tournament knows it by."""

    words: frozenset[str]
    name: str = ""

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.words

    def __len__(self) -> int:
        return len(self.words)


def judge(lexicon: Lexicon, words: Iterable[str] | str) -> bool:
    """Rule on a play as a whole: True only if every word it forms is acceptable.

    The judge answers only ACCEPTABLE / NOT ACCEPTABLE, so no word is singled out.
    Case does not matter (blanks are written lower case). A single string is one word.
    Raises ``LexiconError`` when there is no word to judge or a word is empty.
    """
    if isinstance(words, str):
        words = [words]
    normalised = [word.strip().upper() for word in words]
    if not normalised:
        raise LexiconError(gettext_noop("There is no word to judge."))
    if any(not word for word in normalised):
        raise LexiconError(gettext_noop("An empty word cannot be judged."))
    found = lexicon.words
    return all(word in found for word in normalised)
