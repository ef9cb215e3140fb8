"""First rounds before any results: a random draw, or seeded by rating (1 v N/2+1)."""

from __future__ import annotations

import random

from .byes import split_bye
from .meetings import Meetings, pairings_from
from .types import PairingOut, RoundInput


def pair_random(round_input: RoundInput) -> list[PairingOut]:
    """Shuffle the field with ``seed`` and pair neighbours of the shuffled list."""
    bye, field = split_bye(round_input.competitors)
    ids = [c.id for c in field]
    random.Random(round_input.seed).shuffle(ids)
    pairs = list(zip(ids[0::2], ids[1::2], strict=True))
    return pairings_from(pairs, bye.id if bye else None, Meetings(round_input.history))


def pair_seeded(round_input: RoundInput) -> list[PairingOut]:
    """Order by rating (ties by id) and pair the top half against the bottom half:
    1 v N/2+1, 2 v N/2+2, ..."""
    bye, field = split_bye(round_input.competitors)
    ids = [c.id for c in sorted(field, key=lambda c: (-c.rating, c.id))]
    half = len(ids) // 2
    pairs = list(zip(ids[:half], ids[half:], strict=True))
    return pairings_from(pairs, bye.id if bye else None, Meetings(round_input.history))
