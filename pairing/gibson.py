"""Gibsonization: a player who has clinched first stops influencing the prize race."""

from __future__ import annotations

from collections.abc import Sequence

from .meetings import Meetings
from .types import Competitor


def _best_finish(c: Competitor, rounds_left: int, max_spread: int) -> tuple[float, int]:
    # Wins every remaining game by the most spread a game can give.
    return (c.wins + rounds_left, c.spread + rounds_left * max_spread)


def _worst_finish(c: Competitor, rounds_left: int, max_spread: int) -> tuple[float, int]:
    # Loses every remaining game by the most spread a game can take.
    return (c.wins, c.spread - rounds_left * max_spread)


def clinched_first(
    competitors: Sequence[Competitor], rounds_left: int, max_spread_per_round: int
) -> int | None:
    """The id of the leader if nobody can catch them in wins and spread, else ``None``.

    ``competitors`` is in standings order; ``rounds_left`` counts the rounds still to play,
    including the one being paired. The leader's worst finish (losing every game by
    ``max_spread_per_round``) must beat every other player's best finish strictly.
    """
    if len(competitors) < 2 or rounds_left < 1:
        return None
    leader, *others = competitors
    floor = _worst_finish(leader, rounds_left, max_spread_per_round)
    if all(floor > _best_finish(c, rounds_left, max_spread_per_round) for c in others):
        return leader.id
    return None


def out_of_the_prizes(
    competitors: Sequence[Competitor], rounds_left: int, max_spread: int, prize_places: int
) -> list[Competitor]:
    """Players who cannot finish in a prize place, in standings order.

    A player is out when at least ``prize_places`` others are sure to finish ahead of them
    (their worst finish beats the player's best finish).
    """
    floors = [_worst_finish(c, rounds_left, max_spread) for c in competitors]
    out = []
    for c in competitors:
        ceiling = _best_finish(c, rounds_left, max_spread)
        ahead = sum(
            1
            for d, floor in zip(competitors, floors, strict=True)
            if d.id != c.id and floor > ceiling
        )
        if ahead >= prize_places:
            out.append(c)
    return out


def gibson_opponent(
    leader_id: int,
    field: Sequence[Competitor],
    pool: Sequence[Competitor],
    rounds_left: int,
    max_spread: int,
    prize_places: int,
    meetings: Meetings,
    max_repeats: int,
) -> Competitor | None:
    """The gibsonized leader's opponent: the highest-ranked player in ``pool`` out of the prizes.

    ``field`` is everybody in the standings (to judge the prize race); ``pool`` is who is still
    free to pair. Opponents the leader has already met more than ``max_repeats`` times are used
    only when no other candidate exists. ``None`` when nobody in the pool is out of the prizes.
    """
    free = {c.id for c in pool if c.id != leader_id}
    candidates = [
        c for c in out_of_the_prizes(field, rounds_left, max_spread, prize_places) if c.id in free
    ]
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda c: meetings.times(leader_id, c.id) > max_repeats,
    )
