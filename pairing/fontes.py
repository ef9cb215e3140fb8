"""Initial Fontes: random round-robin groups drawn one player from each rating band."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .quads import groups_in_seed_order
from .roundrobin import default_roster, pair_groups
from .types import PairingOut, RoundInput


def draw_groups(roster: Sequence[int], group_size: int, seed: int) -> dict[int, int]:
    """Draw Fontes groups: player id -> group number (1-based).

    ``roster`` is in rating order. It is cut into ``group_size`` bands of
    ``ceil(len/group_size)`` players; each band is shuffled with ``seed`` and dealt one to a
    group, so every group holds one player of each band (the last band may run short, leaving
    some groups a player smaller). Store the result: later rounds must reuse the same groups.
    """
    rng = random.Random(seed)
    group_count = max(1, math.ceil(len(roster) / max(1, group_size)))
    groups: dict[int, int] = {}
    for start in range(0, len(roster), group_count):
        band = list(roster[start : start + group_count])
        rng.shuffle(band)
        groups.update({player: number for number, player in enumerate(band, start=1)})
    return groups


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Pair the Fontes groups' round robins for ``round_input.step_round``.

    Groups come from ``round_input.groups`` when given, else are drawn from ``seed``.
    """
    roster = default_roster(round_input)
    size = round_input.settings.fontes_group_size
    groups = dict(round_input.groups) or draw_groups(roster, size, round_input.seed)
    return pair_groups(round_input, groups_in_seed_order(roster, groups))
