"""The vocabulary of a game's outcomes: why a game ended, what a sheet line records, the line
itself, and the default reason text of each kind of line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from . import messages as msg
from .scoring import ScoredPlay


class Ending(Enum):
    """Why the game ended."""

    OUT = "out"
    PASSES = "passes"
    SCORELESS = "scoreless"
    TURN_CAP = "turn_cap"
    FINISH_LINE = "finish_line"
    FORFEIT = "forfeit"


class TurnKind(Enum):
    """What an entry in the turn list records."""

    PLAY = "play"
    EXCHANGE = "exchange"
    PASS = "pass"
    PHONY = "phony"  # play challenged off: no score, tiles back, turn lost
    LOST_CHALLENGE = "lost_challenge"  # double challenge: the challenger's turn is consumed
    CHALLENGE_PENALTY = "challenge_penalty"  # not a turn: the challenger loses points
    CHALLENGE_BONUS = "challenge_bonus"  # not a turn: the challenged player gains points
    TIME_OVERRUN = "time_overrun"
    RACK = "rack"  # not a turn: end-of-game rack adjustment
    CLOCK = "clock"  # not a turn: game-clock overtime penalty


@dataclass(frozen=True)
class TurnOutcome:
    """One line of the scoresheet: who, what, the points and the running totals after it."""

    player: int
    kind: TurnKind
    score: int
    totals: tuple[int, ...]
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)
    words: tuple[str, ...] = ()
    scored: ScoredPlay | None = None
    event: object | None = None
    consumes_turn: bool = True

    @property
    def text(self) -> str:
        """The reason in English (the Django layer translates ``reason`` then fills ``params``)."""
        return self.reason % self.params


# The reason each kind of line gives unless a more particular one applies (a bingo, a rack).
REASONS: dict[TurnKind, str] = {
    TurnKind.PLAY: msg.REASON_PLAY,
    TurnKind.EXCHANGE: msg.REASON_EXCHANGE,
    TurnKind.PASS: msg.REASON_PASS,
    TurnKind.PHONY: msg.REASON_PHONY,
    TurnKind.LOST_CHALLENGE: msg.REASON_LOST_CHALLENGE_TURN,
    TurnKind.CHALLENGE_PENALTY: msg.REASON_CHALLENGER_PENALTY,
    TurnKind.CHALLENGE_BONUS: msg.REASON_CHALLENGED_BONUS,
    TurnKind.TIME_OVERRUN: msg.REASON_TIME_OVERRUN,
    TurnKind.RACK: msg.REASON_RACK_OUT,
    TurnKind.CLOCK: msg.REASON_CLOCK_PENALTY,
}
