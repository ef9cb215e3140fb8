"""Quads: groups of four by rating, each playing a three-round round robin."""

from __future__ import annotations

from collections.abc import Sequence

from .roundrobin import default_roster, pair_groups
from .types import PairingOut, RoundInput

QUAD = 4


def form_quads(roster: Sequence[int]) -> dict[int, int]:
    """Group a roster in rating order into fours from the top: player id -> group number.

    A remainder of three makes a last group of three (a bye each round); a remainder of one
    or two joins the last four, making a group of five or six that plays three rounds of its
    own round robin (so it does not complete it).
    """
    count = len(roster)
    sizes = [QUAD] * (count // QUAD)
    remainder = count % QUAD
    if remainder == 3 or not sizes:
        sizes.append(remainder)
    else:
        sizes[-1] += remainder
    groups: dict[int, int] = {}
    start = 0
    for number, size in enumerate(sizes, start=1):
        groups.update({player: number for player in roster[start : start + size]})
        start += size
    return groups


def groups_in_seed_order(roster: Sequence[int], groups: dict[int, int]) -> list[list[int]]:
    """Each group's members in roster (seed) order, groups in order of their best seed."""
    by_group: dict[int, list[int]] = {}
    for player in roster:
        if player in groups:
            by_group.setdefault(groups[player], []).append(player)
    return list(by_group.values())


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Pair the quads' round robins for ``round_input.step_round``.

    Groups come from ``round_input.groups`` when given, else from ``form_quads``.
    """
    roster = default_roster(round_input)
    groups = dict(round_input.groups) or form_quads(roster)
    return pair_groups(round_input, groups_in_seed_order(roster, groups))
