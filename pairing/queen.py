"""Queen of the hill: in each group of four down the standings, 1 v 3 and 2 v 4."""

from __future__ import annotations

from .byes import split_bye
from .meetings import Meetings, pairings_from
from .types import PairingOut, RoundInput


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Pair 1v3, 2v4, 5v7, 6v8, ...; two players left over at the bottom play each other."""
    bye, field = split_bye(round_input.competitors)
    ids = [c.id for c in field]
    pairs: list[tuple[int, int]] = []
    for start in range(0, len(ids), 4):
        block = ids[start : start + 4]
        if len(block) == 4:
            pairs += [(block[0], block[2]), (block[1], block[3])]
        else:
            pairs.append((block[0], block[1]))
    return pairings_from(pairs, bye.id if bye else None, Meetings(round_input.history))
