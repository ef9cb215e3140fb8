"""Step 2: who has locked their place (gibsonized) and the Gibson groups they split.

Rounds left count the round being paired. A player below can catch one above when the gap in
wins minus losses is under 2 per round left, or exactly that with a spread gap the chaser can
still close (``gibson_spread`` per player per round, so twice that per round between two).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .standings import Standing


def can_catch(upper: Standing, lower: Standing, rounds_left: int, gibson_spread: int) -> bool:
    """Whether ``lower`` can still finish level with or ahead of ``upper``."""
    gap = upper.wl2 - lower.wl2  # twice the win-loss gap: each round can close 4 of it
    if gap != 4 * rounds_left:
        return gap < 4 * rounds_left
    return upper.spread - lower.spread <= gibson_spread * 2 * rounds_left


def gibsonized(
    standings: Sequence[Standing], place_prizes: int, rounds_left: int, gibson_spread: int
) -> frozenset[int]:
    """Positions within the paid places that nobody below can catch and that cannot catch
    the player above: their final place is settled."""
    locked = set()
    for pos in range(min(place_prizes, len(standings))):
        below_safe = pos + 1 >= len(standings) or not can_catch(
            standings[pos], standings[pos + 1], rounds_left, gibson_spread
        )
        above_out = pos == 0 or not can_catch(
            standings[pos - 1], standings[pos], rounds_left, gibson_spread
        )
        if below_safe and above_out:
            locked.add(pos)
    return frozenset(locked)


@dataclass(frozen=True, slots=True)
class GibsonGroups:
    """Players to pair split by gibsonized players. The last group is the bottom group: the
    gibsonized players no group above took in (``outside``) and everyone below the last
    gibsonized player. When ``outside`` is not empty and the field is odd, only a gibsonized
    player may have the bye."""

    groups: tuple[tuple[int, ...], ...]
    outside: tuple[int, ...]

    @property
    def bottom(self) -> frozenset[int]:
        """The bottom group (the whole field when nobody is gibsonized)."""
        return frozenset(self.groups[-1]) if self.groups else frozenset()

    def group_of(self, pos: int) -> int | None:
        """Index of ``pos``'s group, ``None`` for a gibsonized player outside the groups."""
        for index, group in enumerate(self.groups):
            if pos in group:
                return index
        return None


def gibson_groups(to_pair: Sequence[int], locked: frozenset[int]) -> GibsonGroups:
    """Walk the players to pair in standings order; each gibsonized player closes the group
    of non-gibsonized players above it, joining it when that group's count is odd, else going
    to the bottom group, which also holds everyone below the last gibsonized player."""
    groups: list[tuple[int, ...]] = []
    outside: list[int] = []
    current: list[int] = []
    for pos in to_pair:
        if pos not in locked:
            current.append(pos)
            continue
        if len(current) % 2:
            current.append(pos)
        else:
            outside.append(pos)
        if current:
            groups.append(tuple(current))
        current = []
    bottom = tuple(sorted([*outside, *current]))
    if bottom:
        groups.append(bottom)
    return GibsonGroups(tuple(groups), tuple(outside))
