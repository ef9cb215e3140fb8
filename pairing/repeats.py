"""Rematches beyond a division's repeat limit: which systems may pair them, and which games of a
round are such rematches. Swiss, king of the hill and COP keep the limit whenever the field allows
it; the others pair by their own pattern or schedule and do not look at it
(``registry.LIMIT_IGNORED``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .meetings import Meetings


@dataclass(frozen=True, slots=True)
class Rematch:
    """A game of the round whose two players had met ``times`` times before it."""

    table: int | None
    first: int
    second: int
    times: int


def rematches_beyond(
    games: Iterable[tuple[int | None, int, int]],
    history: Iterable[tuple[int, int | None]],
    max_repeats: int,
) -> list[Rematch]:
    """The games ``(table, first, second)`` whose players had met more than ``max_repeats``
    times in ``history`` (the games before the round), by table."""
    meetings = Meetings(history)
    found = [
        Rematch(table, first, second, meetings.times(first, second))
        for table, first, second in games
    ]
    beyond = [r for r in found if r.times > max_repeats]
    return sorted(beyond, key=lambda r: (r.table is None, r.table or 0))
