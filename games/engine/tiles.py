"""Tiles, their values and counts, the bag, and rack arithmetic on strings used as multisets.

A tile is an upper-case letter or ``?`` (a blank). On the board a blank is written as the
lower-case letter it stands for, which is worth 0.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

BLANK = "?"

TILE_VALUES: dict[str, int] = {
    BLANK: 0,
    **dict.fromkeys("AEILNORSTU", 1),
    **dict.fromkeys("DG", 2),
    **dict.fromkeys("BCMP", 3),
    **dict.fromkeys("FHVWY", 4),
    "K": 5,
    **dict.fromkeys("JX", 8),
    **dict.fromkeys("QZ", 10),
}

TILE_COUNTS: dict[str, int] = {
    BLANK: 2,
    "A": 9,
    "B": 2,
    "C": 2,
    "D": 4,
    "E": 12,
    "F": 2,
    "G": 3,
    "H": 2,
    "I": 9,
    "J": 1,
    "K": 1,
    "L": 4,
    "M": 2,
    "N": 6,
    "O": 8,
    "P": 2,
    "Q": 1,
    "R": 6,
    "S": 4,
    "T": 6,
    "U": 4,
    "V": 2,
    "W": 2,
    "X": 1,
    "Y": 2,
    "Z": 1,
}

FULL_SET = "".join(letter * count for letter, count in TILE_COUNTS.items())
"""All 100 tiles, blanks first then A to Z."""


def tile_value(letter: str) -> int:
    """Value of one tile or board letter: a lower-case letter is a blank on the board, worth 0."""
    if letter.islower():
        return 0
    return TILE_VALUES[letter]


def as_tile(letter: str) -> str:
    """The bag tile a board letter came from: a lower-case (blank) letter becomes ``?``."""
    return BLANK if letter.islower() else letter


def sort_tiles(tiles: str) -> str:
    """Tiles in the usual display order: letters A-Z then blanks."""
    return "".join(sorted(tiles, key=lambda t: (t == BLANK, t)))


def rack_contains(rack: str, tiles: str) -> bool:
    """Whether ``rack`` holds every tile of ``tiles`` (counting repeats)."""
    return not (Counter(tiles) - Counter(rack))


def rack_remove(rack: str, tiles: str) -> str:
    """``rack`` without ``tiles``; raises ``ValueError`` when the rack does not hold them.

    The remaining tiles keep their order on the rack.
    """
    wanted = Counter(tiles)
    if wanted - Counter(rack):
        raise ValueError(f"{rack!r} does not hold {tiles!r}")
    kept = []
    for tile in rack:
        if wanted[tile]:
            wanted[tile] -= 1
        else:
            kept.append(tile)
    return "".join(kept)


def rack_value(rack: str, blanks_count: bool = True) -> int:
    """Sum of the tile values on ``rack``; with ``blanks_count=False`` blanks are left out.

    With the standard values a blank is worth 0 either way; the flag keeps the rule explicit.
    """
    return sum(tile_value(t) for t in rack if blanks_count or t != BLANK)


def first_player(drawn: Sequence[str]) -> int | None:
    """Index of the player whose drawn tile is nearest to A (a blank beats every letter);
    ``None`` when the best tile is drawn twice and those players draw again."""
    rank = [-1 if t == BLANK else ord(t.upper()) for t in drawn]
    best = min(rank)
    return rank.index(best) if rank.count(best) == 1 else None


class Bag:
    """The bag of undrawn tiles, shuffled by a seeded random generator.

    ``seed`` is an int or a ``random.Random``; the same seed always deals the same tiles.
    ``tiles`` defaults to the full English set of 100.
    """

    def __init__(self, seed: int | random.Random = 0, tiles: str | None = None) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._tiles = list(FULL_SET if tiles is None else tiles)
        self._rng.shuffle(self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def draw(self, n: int) -> str:
        """Draw up to ``n`` tiles (fewer when the bag runs out)."""
        n = max(0, min(n, len(self._tiles)))
        drawn = self._tiles[len(self._tiles) - n :]
        del self._tiles[len(self._tiles) - n :]
        return "".join(drawn)

    def exchange(self, tiles: str) -> str:
        """Draw as many tiles as are given back, then put ``tiles`` in and shake the bag.

        Raises ``ValueError`` when the bag holds fewer tiles than are being exchanged.
        """
        if len(tiles) > len(self._tiles):
            raise ValueError(f"cannot exchange {len(tiles)} tiles from a bag of {len(self)}")
        drawn = self.draw(len(tiles))
        self._tiles.extend(tiles)
        self._rng.shuffle(self._tiles)
        return drawn

    def remaining(self) -> str:
        """The undrawn tiles, in display order (for tile tracking; not the draw order)."""
        return sort_tiles("".join(self._tiles))

    def copy(self) -> Bag:
        """An independent bag with the same tiles, draw order and generator state."""
        twin = Bag.__new__(Bag)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._tiles = list(self._tiles)
        return twin
