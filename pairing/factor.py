"""Factor pairing: 1 v 1+f, 2 v 2+f, ... in blocks of 2f down the standings."""

from __future__ import annotations

from .byes import split_bye
from .meetings import Meetings, pairings_from
from .types import PairingOut, RoundInput


def factor_pairs(ids: list[int], factor: int) -> list[tuple[int, int]]:
    """Pair an even list: blocks of ``2*factor`` play i v i+factor; a short last block of
    size m plays i v i+m/2 (so factor 1 is king of the hill)."""
    factor = max(1, factor)
    pairs: list[tuple[int, int]] = []
    for start in range(0, len(ids), 2 * factor):
        block = ids[start : start + 2 * factor]
        half = len(block) // 2
        pairs += [(block[i], block[i + half]) for i in range(half)]
    return pairs


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Pair by ``settings.factor``; repeats are allowed, as in king of the hill."""
    bye, field = split_bye(round_input.competitors)
    pairs = factor_pairs([c.id for c in field], round_input.settings.factor)
    return pairings_from(pairs, bye.id if bye else None, Meetings(round_input.history))
