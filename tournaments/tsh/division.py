"""A TSH division (one ``.t`` file) as plain frozen values."""

from __future__ import annotations

from dataclasses import dataclass

# Values of the p12 tag: who went first in a round.
P12_BYE, P12_FIRST, P12_SECOND, P12_DRAW, P12_UNKNOWN = 0, 1, 2, 3, 4


@dataclass(frozen=True, slots=True)
class TshPlayer:
    """One line of a ``.t`` file.

    ``number`` is the 1-based position among player lines. ``name`` is kept as written
    (usually ``Last, First``); ``rating`` as written too (some realms use ``1500+1600``).
    ``opponents[r]`` is the round ``r+1`` opponent, 0 for a bye or forfeit; ``scores`` may be
    shorter than ``opponents`` (paired, not yet played). For opponent 0 the score is the spread.
    ``tags`` keeps every further field (``p12``, ``board``, ``newr``, unknown ones) in file
    order, values as written, so the file can be written back unchanged.
    """

    number: int
    name: str
    rating: str
    opponents: tuple[int, ...]
    scores: tuple[int, ...]
    tags: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def tag(self, name: str) -> tuple[str, ...] | None:
        """Values of tag ``name`` or None when the line lacks it."""
        for key, values in self.tags:
            if key == name:
                return values
        return None

    @property
    def p12(self) -> tuple[int, ...]:
        """First/second per round (1 first, 2 second, 0 bye, 3 draw, 4 unknown); may be short."""
        return tuple(int(v) for v in self.tag("p12") or ())

    @property
    def skipped(self) -> frozenset[int]:
        """The 1-based rounds the ``skip`` tag lists: written ``0 -forfeit`` (a late entry's
        missed round, say), they count nothing."""
        return frozenset(int(v) for v in self.tag("skip") or () if str(v).isdigit())

    @property
    def rating_value(self) -> int:
        """The first rating term as a number."""
        return int(self.rating.split("+", 1)[0])

    @property
    def withdrawn(self) -> bool:
        """TSH marks a player taken out of the pairings with the ``off`` tag."""
        return self.tag("off") is not None

    @property
    def display_name(self) -> str:
        """``Last, First`` shown as ``First Last``; other names unchanged."""
        return display_name(self.name)


@dataclass(frozen=True, slots=True)
class TshDivision:
    """All player lines of one ``.t`` file, in file order (``players[i].number == i + 1``)."""

    players: tuple[TshPlayer, ...]

    def player(self, number: int) -> TshPlayer:
        """The player with 1-based ``number``."""
        return self.players[number - 1]


def display_name(name: str) -> str:
    """Turn ``Last, First`` into ``First Last``; a name without a comma stays as it is."""
    last, comma, first = name.partition(",")
    if not comma or not first.strip():
        return name.strip()
    return f"{first.strip()} {last.strip()}"
