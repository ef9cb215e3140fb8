"""Moves as a scoresheet writes them: plays (GCG positions and words), exchanges and passes.

A play's word is GCG style: an upper-case letter is a tile from the rack, a lower-case letter is
a blank standing for that letter, and ``.`` is a tile already on the board (the letter itself is
also accepted on an occupied square).
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass

from . import messages as msg
from .board import COLUMNS, SIZE, Board, Placement, on_board, square_name
from .messages import IllegalMove
from .tiles import TILE_VALUES

_WORD_CHARS = set(string.ascii_letters + ".")
_ACROSS_POS = re.compile(r"^(\d{1,2})([A-Za-z])$")
_DOWN_POS = re.compile(r"^([A-Za-z])(\d{1,2})$")


@dataclass(frozen=True, slots=True)
class Play:
    """A word laid from ``(row, col)`` across (left to right) or down (top to bottom)."""

    row: int
    col: int
    across: bool
    word: str

    def __post_init__(self) -> None:
        if not self.word:
            raise IllegalMove(msg.EMPTY_WORD)
        for char in self.word:
            if char not in _WORD_CHARS:
                raise IllegalMove(msg.BAD_WORD_LETTER, char=char)

    @property
    def position(self) -> str:
        """GCG position: ``"8D"`` across (row first), ``"D8"`` down (column first)."""
        return position_text(self.row, self.col, self.across)

    def squares(self) -> list[tuple[int, int]]:
        """The squares the word covers, in order (some may lie off the board)."""
        dr, dc = (0, 1) if self.across else (1, 0)
        return [(self.row + dr * i, self.col + dc * i) for i in range(len(self.word))]

    def __str__(self) -> str:
        return f"{self.position} {self.word}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """An exchange of the named ``tiles`` (``None`` when only their ``count`` is known)."""

    tiles: str | None
    count: int

    def __str__(self) -> str:
        return f"-{self.tiles}" if self.tiles else f"-{self.count}"


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass: no tiles played or exchanged."""

    def __str__(self) -> str:
        return "-"


Move = Play | Exchange | Pass


def position_text(row: int, col: int, across: bool) -> str:
    """GCG position text for a start square and direction."""
    column = COLUMNS[col] if 0 <= col < SIZE else "?"
    return f"{row + 1}{column}" if across else f"{column}{row + 1}"


def parse_position(text: str) -> tuple[int, int, bool]:
    """``"8D" -> (7, 3, True)`` (across), ``"D8" -> (7, 3, False)`` (down).

    Raises ``IllegalMove`` when the text is not a square on the board.
    """
    cleaned = text.strip()
    across_match = _ACROSS_POS.match(cleaned)
    down_match = _DOWN_POS.match(cleaned)
    if across_match:
        number, letter, across = across_match.group(1), across_match.group(2), True
    elif down_match:
        letter, number, across = down_match.group(1), down_match.group(2), False
    else:
        raise IllegalMove(msg.BAD_POSITION, text=text)
    row, col = int(number) - 1, COLUMNS.find(letter.upper())
    if col < 0 or not on_board(row, col):
        raise IllegalMove(msg.BAD_POSITION, text=text)
    return row, col, across


def parse_exchange(text: str) -> Exchange:
    """``"-ABC"`` (named tiles) or ``"-3"`` (a count) to an ``Exchange``."""
    body = text.strip()[1:]
    if body.isdigit() and len(body) <= 2:
        return Exchange(None, int(body))
    body = body.upper()
    if not body or any(t not in TILE_VALUES for t in body):
        raise IllegalMove(msg.BAD_EXCHANGE_TILES, text=text)
    return Exchange(body, len(body))


def parse_move(text: str) -> Move:
    """Parse scoresheet move text: ``"8D TRAIN"``, ``"D8 TRAIN"``, ``"-"`` (pass),
    ``"-ABC"`` or ``"-3"`` (exchange). Raises ``IllegalMove`` on anything else."""
    cleaned = text.strip()
    if cleaned == "-":
        return Pass()
    if cleaned.startswith("-") and " " not in cleaned:
        return parse_exchange(cleaned)
    parts = cleaned.split()
    if len(parts) != 2:
        raise IllegalMove(msg.BAD_MOVE_TEXT, text=text)
    row, col, across = parse_position(parts[0])
    return Play(row, col, across, parts[1])


def _run_bounds(board: Board, row: int, col: int, across: bool, new: set) -> tuple[int, int]:
    """First and last index along the line of the run of tiles (board or new) through a square."""
    dr, dc = (0, 1) if across else (1, 0)

    def filled(r: int, c: int) -> bool:
        return (r, c) in new or board.get(r, c) is not None

    r, c = row, col
    while filled(r - dr, c - dc):
        r, c = r - dr, c - dc
    start = c if across else r
    r, c = row, col
    while filled(r + dr, c + dc):
        r, c = r + dr, c + dc
    end = c if across else r
    return start, end


def play_from_tiles(board: Board, tiles: Sequence[Placement]) -> Play:
    """Turn tiles put down on squares (as a player lays them) into a ``Play``.

    Refuses tiles off the board, two on one square, tiles on occupied squares, tiles not in one
    row or column (e.g. diagonal), and gaps; a single tile takes the direction of its longer word.
    """
    if not tiles:
        raise IllegalMove(msg.NO_NEW_TILE)
    new: dict[tuple[int, int], Placement] = {}
    for t in tiles:
        if not on_board(t.row, t.col):
            raise IllegalMove(msg.OFF_BOARD, square=square_name(t.row, t.col))
        if (t.row, t.col) in new:
            raise IllegalMove(msg.TWO_TILES_ONE_SQUARE, square=square_name(t.row, t.col))
        taken = board.get(t.row, t.col)
        if taken is not None:
            raise IllegalMove(
                msg.SQUARE_TAKEN,
                square=square_name(t.row, t.col),
                board_letter=taken,
                letter=t.letter,
            )
        new[(t.row, t.col)] = t
    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove(msg.NOT_IN_LINE)
    across = _direction(board, tiles[0], set(new)) if len(new) == 1 else len(rows) == 1
    return _play_along(board, new, across)


def _direction(board: Board, tile: Placement, new: set) -> bool:
    """Direction for a single tile: the one where it forms a word (across when both or none)."""
    a0, a1 = _run_bounds(board, tile.row, tile.col, True, new)
    d0, d1 = _run_bounds(board, tile.row, tile.col, False, new)
    return a1 - a0 >= d1 - d0 or a1 == a0 and d1 == d0


def _play_along(board: Board, new: dict[tuple[int, int], Placement], across: bool) -> Play:
    """The full-run ``Play`` for new tiles known to lie in one line; raises on a gap."""
    squares = sorted(new)
    first_r, first_c = squares[0]
    last_r, last_c = squares[-1]
    dr, dc = (0, 1) if across else (1, 0)
    r, c = first_r, first_c
    while (r, c) != (last_r, last_c):
        r, c = r + dr, c + dc
        if (r, c) not in new and board.get(r, c) is None:
            raise IllegalMove(msg.GAP_IN_PLAY, square=square_name(r, c))
    start, end = _run_bounds(board, first_r, first_c, across, set(new))
    row, col = (first_r, start) if across else (start, first_c)
    word = []
    for i in range(end - start + 1):
        square = (row + dr * i, col + dc * i)
        word.append(new[square].board_letter if square in new else ".")
    return Play(row, col, across, "".join(word))


# --- turn events -------------------------------------------------------------------------------
# ``rack`` (optional) is the rack the player held before the turn; in a scoresheet game it lets
# the state check the tiles and settle the racks at the end.


@dataclass(frozen=True, slots=True)
class PlayTurn:
    """The player to move lays a play."""

    play: Play
    seconds: int | None = None
    rack: str | None = None


@dataclass(frozen=True, slots=True)
class ExchangeTurn:
    """The player to move exchanges the named tiles (a str) or a number of tiles (an int)."""

    tiles: str | int
    seconds: int | None = None
    rack: str | None = None

    @property
    def count(self) -> int:
        """How many tiles go back to the bag."""
        return self.tiles if isinstance(self.tiles, int) else len(self.tiles)


@dataclass(frozen=True, slots=True)
class PassTurn:
    """The player to move passes."""

    seconds: int | None = None
    rack: str | None = None


@dataclass(frozen=True, slots=True)
class PhonyWithdrawn:
    """The player to move laid ``play``, it was challenged off: 0 points, tiles back, turn lost."""

    play: Play
    seconds: int | None = None
    rack: str | None = None


@dataclass(frozen=True, slots=True)
class ChallengeUnsuccessful:
    """The player to move challenged the play just made and the play stands."""


@dataclass(frozen=True, slots=True)
class ChallengeSuccessful:
    """The player to move challenged the play just made and it comes off the board."""


@dataclass(frozen=True, slots=True)
class TimeOverrun:
    """The player to move went over the per-turn time limit: the turn is lost, 0 points."""

    seconds: int


TurnEvent = (
    PlayTurn
    | ExchangeTurn
    | PassTurn
    | PhonyWithdrawn
    | ChallengeUnsuccessful
    | ChallengeSuccessful
    | TimeOverrun
)
