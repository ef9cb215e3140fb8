"""An event as the export files see it: each player's rounds already read through the outcomes.

A ``Cell`` is one player's round in TSH's terms: the opponent's player number (0 for no
opponent: a bye, either side of a forfeit, a round not paired), the score (a played game's own
score, else the spread credited, ``None`` while the game waits for its scores), who went first
(``p12``) and the board. ``kind`` keeps what TSH's two numbers cannot tell apart (a bye from a
forfeit win, a half bye from a round not played), which the ``.tou`` file writes differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import NamedTuple


class CellKind(Enum):
    PLAYED = "played"  # both scores in (a play-off tie stays a tie: the board's scores)
    PENDING = "pending"  # paired, scores not in yet
    BYE = "bye"
    HALF_BYE = "half_bye"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"  # a forfeit, a double forfeit, a withdrawn player's round
    UNPAIRED = "unpaired"  # not in the round (a late entry before joining, after a withdrawal)


# p12 values (TSH): 0 no opponent, 1 went first, 2 went second, 4 sides not known.
P12_NONE, P12_FIRST, P12_SECOND, P12_UNKNOWN = 0, 1, 2, 4


class Cell(NamedTuple):
    """A named tuple, not a frozen dataclass: a 400-player, 31-round division has 12,400."""

    kind: CellKind = CellKind.UNPAIRED
    opponent: int = 0
    score: int | None = 0
    against: int | None = None
    p12: int = P12_NONE
    board: int = 0

    @property
    def awaited(self) -> bool:
        return self.kind is CellKind.PENDING


UNPAIRED = Cell()


@dataclass(frozen=True, slots=True)
class ExportPlayer:
    """One line: ``number`` is the 1-based line position (TSH's player number)."""

    number: int
    name: str
    rating: int
    cells: tuple[Cell, ...]
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class ExportDivision:
    """``rounds``: the planned rounds; every player has one cell per round paired so far."""

    name: str
    rounds: int
    players: tuple[ExportPlayer, ...]
    forfeit_spread: int = 50

    @property
    def rounds_paired(self) -> int:
        return max((len(p.cells) for p in self.players), default=0)

    @property
    def rounds_complete(self) -> int:
        """How many rounds from the first have every result in."""
        done = 0
        for index in range(self.rounds_paired):
            if any(p.cells[index].awaited for p in self.players):
                break
            done = index + 1
        return done


@dataclass(frozen=True, slots=True)
class ExportEvent:
    name: str
    day: date
    divisions: tuple[ExportDivision, ...]
