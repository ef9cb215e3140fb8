"""The play-off word of a tied game (seed 004): each player draws 7 tiles and makes a word off
the board; the higher score wins, an equal score means another play-off.

Pure: words and scores in, the winner out. The sheet keeps every attempt (``to_json``), so an
equal play-off stays visible while the players try again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.refusal import gettext_noop

from .messages import EngineError
from .tiles import BLANK, TILE_VALUES

PLAYOFF_TILES = 7
MAX_PLAYOFF_SCORE = 1000
LETTERS = frozenset(letter for letter in TILE_VALUES if letter != BLANK)

WORD_NOT_LETTERS = gettext_noop(
    "“%(word)s” is not a play-off word: use letters only (A to Z), 1 to %(tiles)d of them."
)
SCORE_OUT_OF_RANGE = gettext_noop(
    "%(score)s is not a play-off score: a whole number from 0 to %(most)d."
)


class PlayoffWordRefused(EngineError):
    """A play-off word or score that cannot stand."""


@dataclass(frozen=True, slots=True)
class PlayoffAttempt:
    """One play-off: each side's word and its score (sides as on the scoresheet)."""

    words: tuple[str, str]
    scores: tuple[int, int]

    @property
    def winner(self) -> int | None:
        """The side with the higher score; ``None`` when the scores are equal."""
        if self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    def to_json(self) -> dict:
        return {"words": list(self.words), "scores": list(self.scores)}


def clean_word(word: str) -> str:
    """``word`` in capitals; refused unless it is 1 to 7 letters A-Z."""
    cleaned = word.strip().upper()
    if not 1 <= len(cleaned) <= PLAYOFF_TILES or not set(cleaned) <= LETTERS:
        raise PlayoffWordRefused(WORD_NOT_LETTERS, word=word.strip(), tiles=PLAYOFF_TILES)
    return cleaned


def checked_score(score: int) -> int:
    """``score`` when it is a whole number from 0 to ``MAX_PLAYOFF_SCORE``; refused otherwise."""
    if isinstance(score, bool) or not isinstance(score, int):
        raise PlayoffWordRefused(SCORE_OUT_OF_RANGE, score=score, most=MAX_PLAYOFF_SCORE)
    if not 0 <= score <= MAX_PLAYOFF_SCORE:
        raise PlayoffWordRefused(SCORE_OUT_OF_RANGE, score=score, most=MAX_PLAYOFF_SCORE)
    return score


def attempt(words: Sequence[str], scores: Sequence[int]) -> PlayoffAttempt:
    """A checked play-off of two words and their scores (sides 0 and 1)."""
    first, second = (clean_word(w) for w in words)
    return PlayoffAttempt((first, second), (checked_score(scores[0]), checked_score(scores[1])))


def attempts_from_json(data: Sequence[dict]) -> list[PlayoffAttempt]:
    """The attempts a sheet stored with ``PlayoffAttempt.to_json``."""
    return [PlayoffAttempt(tuple(a["words"]), tuple(a["scores"])) for a in data]


def playoff_winner(attempts: Sequence[PlayoffAttempt]) -> int | None:
    """The side that won the play-off: the winner of the last attempt (``None`` while none, or
    the last one was equal and the players play again)."""
    return attempts[-1].winner if attempts else None
