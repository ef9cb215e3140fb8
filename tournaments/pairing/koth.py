"""King of the hill: 1 v 2, 3 v 4, ... down the standings."""

from __future__ import annotations

from .byes import split_bye
from .meetings import Meetings, pairings_from
from .types import PairingOut, RoundInput


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Pair neighbours in the standings, repeats allowed (that is the point of the system)."""
    bye, field = split_bye(round_input.competitors)
    ids = [c.id for c in field]
    pairs = list(zip(ids[0::2], ids[1::2], strict=True))
    return pairings_from(pairs, bye.id if bye else None, Meetings(round_input.history))
