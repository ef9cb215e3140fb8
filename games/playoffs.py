"""The play-off of a tied scoresheet, read from the game (the writes: ``services.playoff``)."""

from __future__ import annotations

from dataclasses import dataclass

from .end_racks import awaiting_racks
from .engine.playoff import PlayoffAttempt, attempts_from_json, playoff_winner
from .engine.rules import TieRule
from .models import Game


def is_playoff_tie(game: Game) -> bool:
    """A game over with equal totals, not by forfeit, under rules that break ties with a word."""
    return (
        game.is_over
        and not awaiting_racks(game)  # the racks are settled before a tie is a tie
        and game.ending != Game.Ending.FORFEIT
        and game.first_score == game.second_score
        and game.rule_set().tie is TieRule.PLAYOFF_WORD
    )


@dataclass(frozen=True)
class SheetPlayoff:
    """What the sheet shows of a play-off: whether one is needed, the attempts so far, and the
    side that won (``None`` while undecided)."""

    needed: bool
    attempts: list[PlayoffAttempt]
    winner: int | None

    @property
    def asking(self) -> bool:
        """Whether the sheet asks for (another) play-off."""
        return self.needed and self.winner is None


def sheet_playoff(game: Game) -> SheetPlayoff:
    if not is_playoff_tie(game):
        return SheetPlayoff(False, [], None)
    attempts = attempts_from_json(game.playoff_words)
    return SheetPlayoff(True, attempts, playoff_winner(attempts))
