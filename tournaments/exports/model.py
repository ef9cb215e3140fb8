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
from typing import NamedTuple

from tournaments.results.records import Record

# Each cell's kind is the player's record of the round (``tournaments.results.records``): the one
# meaning every writer reads. A late entry's starting result is a ``BYE``, ``HALF_BYE`` or
# ``FORFEIT_LOST`` cell carrying its share of the starting spread.
CellKind = Record


# p12 values (TSH): 0 no opponent, 1 went first, 2 went second, 4 sides not known.
P12_NONE, P12_FIRST, P12_SECOND, P12_UNKNOWN = 0, 1, 2, 4


class Cell(NamedTuple):
    """A named tuple, not a frozen dataclass: a 400-player, 31-round division has 12,400."""

    kind: Record = Record.NOT_PAIRED
    opponent: int = 0
    score: int | None = 0
    against: int | None = None
    p12: int = P12_NONE
    board: int = 0

    @property
    def awaited(self) -> bool:
        return self.kind is Record.PENDING


UNPAIRED = Cell()


@dataclass(frozen=True, slots=True)
class ExportPlayer:
    """One line: ``number`` is the 1-based line position (TSH's player number)."""

    number: int
    name: str
    rating: int
    cells: tuple[Cell, ...]
    withdrawn: bool = False
    joins_at_round: int = 1
    latin_name: str = ""  # the name in Latin letters for ASCII files ("": ``name`` is ASCII)
    latin_guessed: bool = False  # filled by transliteration, not typed by the director
    member_id: str = ""


@dataclass(frozen=True, slots=True)
class ExportDivision:
    """``rounds``: the planned rounds; every player has one cell per round paired so far."""

    name: str
    rounds: int
    players: tuple[ExportPlayer, ...]
    forfeit_spread: int = 50
    # Player numbers in the site's standings order (empty: number order); ``tourney.js`` lists
    # its players in this order, so a reader that keeps file order on ties keeps the site's.
    order: tuple[int, ...] = ()
    withdrawn_last: bool = False  # the site ranks withdrawn players after every active one
    # How many of ``order``'s first places the playoff decides (0: no playoff round yet).
    playoff_places: int = 0

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
    rating_system: str = "nsa2008"
    event_id: str = ""  # the rating body's id of the event, when the director gave one
