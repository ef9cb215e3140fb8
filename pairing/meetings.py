"""How often players have met, read from the pairing history."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain

from .types import PairingOut


class Meetings:
    """Counts of past games between pairs of players.

    Each past game is listed once in the history, as ``(player, opponent)``; byes
    (``opponent is None``) are not meetings.
    """

    __slots__ = ("_counts",)

    def __init__(self, history: Iterable[tuple[int, int | None]]) -> None:
        # One pass in C (Counter over a generator): a 10,000-player history is 50,000 games.
        self._counts: Counter[tuple[int, int]] = Counter(
            (first, second) if first < second else (second, first)
            for first, second in history
            if second is not None and first != second
        )

    def times(self, first: int, second: int) -> int:
        """How many times ``first`` and ``second`` have played each other."""
        key = (first, second) if first < second else (second, first)
        return self._counts.get(key, 0)

    def most_opponents(self) -> int:
        """The most different opponents any one player has met."""
        met = Counter(chain.from_iterable(self._counts))
        return max(met.values(), default=0)


def _key(first: int, second: int) -> tuple[int, int]:
    return (first, second) if first < second else (second, first)


def pairings_from(
    pairs: Iterable[tuple[int, int]], bye: int | None, meetings: Meetings
) -> list[PairingOut]:
    """Games for ``pairs`` (first listed goes first, for now) plus the ``bye`` if any."""
    out = [PairingOut(first=a, second=b, repeats=meetings.times(a, b)) for a, b in pairs]
    if bye is not None:
        out.append(PairingOut(first=bye, second=None))
    return out
