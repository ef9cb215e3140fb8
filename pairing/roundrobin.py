"""Round robins from Berger tables, and the schedule machinery quads and Fontes share.

Withdrawals: the schedule is built from the full ``roster`` (withdrawn players included), so
it never shifts. A player whose scheduled opponent is absent (withdrawn, or pinned elsewhere
by a fixed pair) is left over, as is a late entry missing from the roster. Left-over players
play each other, best-placed first, when they have never met and are not scheduled to meet
(not both in the same schedule group); anyone still left gets a bye. So a late entry takes a
withdrawn player's games, and a round robin never gains a game that would repeat later.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .meetings import Meetings
from .sides import decide_first
from .types import Competitor, PairingOut, RoundInput


def berger_round(size: int, round_index: int) -> list[tuple[int, int]]:
    """Berger table round ``round_index`` (1..size-1) for an even ``size``: pairs of 1-based
    seeds, first listed goes first. Seed ``size`` plays 2a ≡ r+1 (mod size-1) and goes first
    in even rounds; the others pair as (a+k, a-k)."""
    modulus = size - 1
    target = (round_index + 1) % modulus

    def seat(value: int) -> int:
        return (value - 1) % modulus + 1

    anchor = next(a for a in range(1, size) if (2 * a) % modulus == target)
    pairs = [(size, anchor) if round_index % 2 == 0 else (anchor, size)]
    pairs += [(seat(anchor + k), seat(anchor - k)) for k in range(1, size // 2)]
    return pairs


def scheduled_games(
    members: Sequence[int], step_round: int, back_to_back: bool = False
) -> list[tuple[int, int | None]]:
    """The games of ``members`` (seed order) in round ``step_round`` of their round robin.

    An odd group gets a phantom whose opponent has the bye. Past the last Berger round the
    table starts again with sides reversed (a double round robin). With ``back_to_back`` each
    Berger round is played twice in a row, sides swapped the second time.
    """
    if len(members) < 2:
        return [(p, None) for p in members]
    seats: list[int | None] = list(members) + ([None] if len(members) % 2 else [])
    played = step_round - 1
    swap = False
    if back_to_back:
        played, swap = divmod(played, 2)
    cycle, index = divmod(played, len(seats) - 1)
    swap = swap != (cycle % 2 == 1)
    games: list[tuple[int, int | None]] = []
    for a, b in berger_round(len(seats), index + 1):
        first, second = seats[a - 1], seats[b - 1]
        if swap:
            first, second = second, first
        if first is None:
            first, second = second, None
        if first is not None:
            games.append((first, second))
    return games


def default_roster(round_input: RoundInput) -> tuple[int, ...]:
    """The roster in seed order: as given, or the competitors by rating (ties by id)."""
    if round_input.roster:
        return round_input.roster
    ordered = sorted(round_input.competitors, key=lambda c: (-c.rating, c.id))
    return tuple(c.id for c in ordered)


def pair_groups(
    round_input: RoundInput, groups: Sequence[Sequence[int]], back_to_back: bool = False
) -> list[PairingOut]:
    """Pair each group's round robin, keeping Berger sides; absent players handled as in the
    module docstring (left-over games get sides by ``sides.decide_first``)."""
    active = {c.id: c for c in round_input.competitors}
    meetings = Meetings(round_input.history)
    out: list[PairingOut] = []
    placed: set[int] = set()
    for members in groups:
        for first, second in scheduled_games(members, round_input.step_round, back_to_back):
            if first in active and (second is None or second in active):
                out.append(_scheduled(first, second, meetings))
                placed.update(p for p in (first, second) if p is not None)
    group_of = {p: index for index, members in enumerate(groups) for p in members}
    leftovers = [c for c in round_input.competitors if c.id not in placed]
    out += _pair_leftovers(leftovers, group_of, meetings, random.Random(round_input.seed))
    return out


def _scheduled(first: int, second: int | None, meetings: Meetings) -> PairingOut:
    repeats = 0 if second is None else meetings.times(first, second)
    return PairingOut(first=first, second=second, repeats=repeats)


def _pair_leftovers(
    leftovers: list[Competitor],
    group_of: dict[int, int],
    meetings: Meetings,
    rng: random.Random,
) -> list[PairingOut]:
    out: list[PairingOut] = []
    waiting = list(leftovers)
    while waiting:
        player = waiting.pop(0)
        opponent = next((c for c in waiting if _may_meet(player, c, group_of, meetings)), None)
        if opponent is None:
            out.append(PairingOut(first=player.id, second=None))
            continue
        waiting.remove(opponent)
        first, second, drawn = decide_first(player, opponent, rng)
        out.append(PairingOut(first=first, second=second, sides_drawn=drawn))
    return out


def _may_meet(a: Competitor, b: Competitor, group_of: dict[int, int], meetings: Meetings) -> bool:
    same_group = a.id in group_of and group_of.get(a.id) == group_of.get(b.id)
    return not same_group and meetings.times(a.id, b.id) == 0


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Single round robin over the roster (a second cycle, sides reversed, if rounds remain)."""
    return pair_groups(round_input, [default_roster(round_input)])


def pair_double(round_input: RoundInput) -> list[PairingOut]:
    """Double round robin: each opponent twice in a row, sides swapped for the second game."""
    return pair_groups(round_input, [default_roster(round_input)], back_to_back=True)
