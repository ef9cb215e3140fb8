"""The 15 x 15 board: premium squares, square names and the tiles placed so far.

Rows 0..14 are the GCG rows 1..15 (top to bottom); columns 0..14 are A..O (left to right).
A board letter is upper case for a lettered tile and lower case for a blank standing for it.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from .tiles import BLANK, as_tile, sort_tiles

SIZE = 15
CENTRE = (7, 7)
COLUMNS = string.ascii_uppercase[:SIZE]
# By a premium's letter: looked up for every tile of every word scored, so a plain dict of
# strings (an enum member hashes in Python, and a dict built on each call costs more still).
_LETTER_TIMES = {"d": 2, "t": 3}
_WORD_TIMES = {"D": 2, "T": 3}


class Premium(Enum):
    """What a square multiplies, on the turn a tile is first placed on it."""

    NONE = "."
    DL = "d"
    TL = "t"
    DW = "D"
    TW = "T"

    @property
    def letter_multiplier(self) -> int:
        """How many times the tile placed here counts."""
        return _LETTER_TIMES.get(self._value_, 1)

    @property
    def word_multiplier(self) -> int:
        """How many times a word through a tile newly placed here counts."""
        return _WORD_TIMES.get(self._value_, 1)


Layout = tuple[tuple[Premium, ...], ...]


@dataclass(frozen=True, slots=True)
class Placement:
    """One new tile: its square, the letter it shows (upper case) and whether it is a blank."""

    row: int
    col: int
    letter: str
    is_blank: bool = False

    @property
    def board_letter(self) -> str:
        """The letter as the board stores it: lower case for a blank."""
        return self.letter.lower() if self.is_blank else self.letter

    @property
    def tile(self) -> str:
        """The tile taken from the rack: the letter, or ``?`` for a blank."""
        return BLANK if self.is_blank else self.letter


def square_name(row: int, col: int) -> str:
    """GCG name of a square: column letter then row number, e.g. ``(7, 7) -> "H8"``."""
    if 0 <= col < len(string.ascii_uppercase):
        return f"{string.ascii_uppercase[col]}{row + 1}"
    return f"({row + 1},{col + 1})"


def parse_square(name: str) -> tuple[int, int]:
    """``"H8" -> (7, 7)``; raises ``ValueError`` for a name that is not a square."""
    name = name.strip().upper()
    if len(name) < 2 or name[0] not in COLUMNS or not name[1:].isdigit():
        raise ValueError(f"{name!r} is not a square name")
    row = int(name[1:]) - 1
    if not 0 <= row < SIZE:
        raise ValueError(f"{name!r} is not a square name")
    return row, COLUMNS.index(name[0])


def on_board(row: int, col: int) -> bool:
    """Whether ``(row, col)`` is on the 15 x 15 grid."""
    return 0 <= row < SIZE and 0 <= col < SIZE


def layout_from_premiums(premiums: Mapping[str, Premium]) -> Layout:
    """A layout from square names to premiums (``{"A1": Premium.TW}``); other squares are plain."""
    grid = [[Premium.NONE] * SIZE for _ in range(SIZE)]
    for name, premium in premiums.items():
        row, col = parse_square(name)
        grid[row][col] = premium
    return tuple(tuple(row) for row in grid)


def layout_from_rows(rows: Sequence[str]) -> Layout:
    """A layout drawn as 15 strings of 15 characters: ``.`` plain, ``d`` 2L, ``t`` 3L,
    ``D`` 2W, ``T`` 3W (handy for tests on custom boards)."""
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError("a layout needs 15 rows of 15 characters")
    return tuple(tuple(Premium(ch) for ch in row) for row in rows)


def _standard_premiums() -> dict[str, Premium]:
    """The 61 premium squares listed in RULES.md."""
    groups = {
        Premium.TW: "A1 H1 O1 A8 O8 A15 H15 O15",
        Premium.DW: "B2 C3 D4 E5 N2 M3 L4 K5 B14 C13 D12 E11 N14 M13 L12 K11 H8",
        Premium.TL: "F2 J2 B6 F6 J6 N6 B10 F10 J10 N10 F14 J14",
        Premium.DL: "D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 C9 G9 I9 M9 A12 H12 O12 G13 I13 "
        "D15 L15",
    }
    return {name: premium for premium, names in groups.items() for name in names.split()}


STANDARD_LAYOUT: Layout = layout_from_premiums(_standard_premiums())


class Board:
    """A mutable 15 x 15 board holding letters (lower case = blank) over a premium layout."""

    def __init__(self, layout: Layout = STANDARD_LAYOUT) -> None:
        self.layout = layout
        self._cells: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]
        self._count = 0

    def get(self, row: int, col: int) -> str | None:
        """The letter on a square (lower case for a blank), ``None`` when empty or off board."""
        if not on_board(row, col):
            return None
        return self._cells[row][col]

    def premium(self, row: int, col: int) -> Premium:
        """The premium printed on a square (whether or not it has been used)."""
        return self.layout[row][col]

    def is_empty(self) -> bool:
        """Whether no tile has been placed yet."""
        return self._count == 0

    def place(self, placements: Iterable[Placement]) -> None:
        """Put new tiles on the board; raises ``ValueError`` on an occupied or off-board square."""
        placements = list(placements)
        for p in placements:
            if not on_board(p.row, p.col) or self._cells[p.row][p.col] is not None:
                raise ValueError(f"cannot place a tile on {square_name(p.row, p.col)}")
        for p in placements:
            self._cells[p.row][p.col] = p.board_letter
        self._count += len(placements)

    def remove(self, squares: Iterable[tuple[int, int]]) -> None:
        """Take tiles off the given squares (used when a challenged play is withdrawn)."""
        for row, col in squares:
            if self._cells[row][col] is not None:
                self._cells[row][col] = None
                self._count -= 1

    def copy(self) -> Board:
        """An independent board with the same layout and tiles."""
        twin = Board(self.layout)
        twin._cells = [list(row) for row in self._cells]
        twin._count = self._count
        return twin

    def tiles_on_board(self) -> str:
        """The tiles on the board as bag tiles (blanks as ``?``), in display order."""
        return sort_tiles("".join(as_tile(ch) for row in self._cells for ch in row if ch))

    def tile_count(self) -> int:
        """How many tiles are on the board."""
        return self._count

    def text(self) -> str:
        """A plain-text picture for debugging: letters, or the premium code on empty squares."""
        header = "    " + " ".join(COLUMNS)
        lines = [header]
        for r in range(SIZE):
            cells = (self._cells[r][c] or self.layout[r][c].value for c in range(SIZE))
            lines.append(f"{r + 1:>3} " + " ".join(cells))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()
