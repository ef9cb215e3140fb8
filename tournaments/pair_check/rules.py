"""The rules a round's pairing must keep, each a function from the round to its findings."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType

from pairing.gibson import clinched_first, out_of_the_prizes
from pairing.meetings import Meetings
from pairing.swiss import swiss_pairs
from pairing.types import Competitor, PairingOut, RoundInput

from .findings import (
    BYE,
    BYE_BROKEN,
    BYE_COUNT_BROKEN,
    BYE_RANK_BROKEN,
    GIBSON,
    GIBSON_BROKEN,
    REPEAT,
    REPEAT_BROKEN,
    SIDES,
    SIDES_BROKEN,
    Finding,
    Pair,
    RoundView,
)


def params(**values: object) -> Mapping[str, object]:
    return MappingProxyType(values)


def label(c: Competitor) -> str:
    return f"{c.name} (#{c.id})"


def members(pair: Pair) -> tuple[int, ...]:
    return (pair[0],) if pair[1] is None else (pair[0], pair[1])


def pairs_of(outs: Iterable[PairingOut]) -> tuple[Pair, ...]:
    """Games as (lower, higher) player number, byes as (player, None), sorted."""
    found = [
        (o.first, None) if o.second is None else (min(o.first, o.second), max(o.first, o.second))
        for o in outs
    ]
    return tuple(sorted(found, key=lambda p: (p[1] is None, p[0], p[1] or 0)))


def pairs_text(pairs: Sequence[Pair], name: Mapping[int, str]) -> str:
    return (
        "; ".join(f"{name.get(a, a)} v {'-' if b is None else name.get(b, b)}" for a, b in pairs)
        or "-"
    )


def leader_of(given: RoundInput) -> int | None:
    if not given.settings.gibsonize:
        return None
    return clinched_first(given.competitors, given.rounds_left, given.settings.max_spread_per_round)


def sides_broken(view: RoundView, given: RoundInput, name: Mapping[int, str]) -> list[Finding]:
    round_number = given.round_number
    firsts = {c.id: c.firsts for c in given.competitors}
    found = []
    for first, second in view.games:
        if (first, second) in view.sides_known and firsts[first] > firsts[second]:
            found.append(
                Finding(
                    round_number,
                    SIDES,
                    SIDES_BROKEN,
                    params(
                        round=round_number,
                        first=name[first],
                        first_count=firsts[first],
                        second=name[second],
                        second_count=firsts[second],
                    ),
                )
            )
    return found


def bye_broken(view: RoundView, given: RoundInput, name: Mapping[int, str]) -> list[Finding]:
    round_number = given.round_number
    leader = leader_of(given)
    players = len(view.field)
    by_id = {c.id: c for c in given.competitors}
    if not view.forfeits and len(view.byes) != players % 2:
        found_params = params(round=round_number, byes=len(view.byes), players=players)
        return [Finding(round_number, BYE, BYE_COUNT_BROKEN, found_params)]
    if players % 2 == 0 or len(view.byes) - len(view.forfeits) != 1:
        return []  # no bye, or forfeits: the bye cannot be told from the forfeit wins
    # A gibsonized leader's game is set aside before the bye is chosen from the rest.
    aside = {p for game in view.games if leader in game for p in game}
    rest = [c for c in given.competitors if c.id not in aside]
    fewest = min(c.byes for c in rest)
    # With forfeits, the bye is one of the players the file shows without an opponent.
    if any(p == leader or _bye_kept(by_id[p], rest, fewest) for p in view.byes):
        return []
    player = by_id[view.byes[0]]
    if player.byes > fewest:
        other = next(c for c in reversed(rest) if c.byes == fewest)
        found_params = params(
            round=round_number,
            player=name[player.id],
            had=player.byes,
            other=name[other.id],
            fewest=fewest,
        )
        return [Finding(round_number, BYE, BYE_BROKEN, found_params)]
    lower = [c for c in rest if c.byes == fewest and c.rank > player.rank]
    found_params = params(
        round=round_number,
        player=name[player.id],
        place=player.rank,
        other=name[lower[-1].id],
        other_place=lower[-1].rank,
        byes=fewest,
    )
    return [Finding(round_number, BYE, BYE_RANK_BROKEN, found_params)]


def _bye_kept(player: Competitor, rest: Sequence[Competitor], fewest: int) -> bool:
    """As ``pairing.byes.choose_bye``: the lowest placed of those with the fewest byes (players
    sharing a place may take it in either order)."""
    if player.byes > fewest:
        return False
    return not any(c.byes == fewest and c.rank > player.rank for c in rest)


def gibson_broken(view: RoundView, given: RoundInput, name: Mapping[int, str]) -> list[Finding]:
    round_number = given.round_number
    leader = leader_of(given)
    if leader is None:
        return []
    opponent = next((b if a == leader else a for a, b in view.games if leader in (a, b)), None)
    if opponent is None:
        return []  # a bye, a forfeit, or not in the round
    settings = given.settings
    out = {
        c.id
        for c in out_of_the_prizes(
            given.competitors,
            given.rounds_left,
            settings.max_spread_per_round,
            settings.prize_places,
        )
    }
    free = [c for c in given.competitors if c.id in out and c.id != leader]
    if opponent in out or not free:
        return []
    found_params = params(
        round=round_number, leader=name[leader], opponent=name[opponent], free=name[free[0].id]
    )
    return [Finding(round_number, GIBSON, GIBSON_BROKEN, found_params)]


# Pools up to this size get the exact fewest repeats by a search of every pairing, independent
# of the Swiss matching it checks; larger ones are set against the Swiss matching itself.
EXACT_POOL = 12


def fewest_excess(players: Sequence[int], cost: Callable[[int, int], int]) -> int:
    """The least summed ``cost`` of any pairing of an even number of ``players`` (exact)."""

    @functools.cache
    def best(mask: int) -> int:
        if not mask:
            return 0
        first = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << first)
        return min(
            cost(players[first], players[j]) + best(rest & ~(1 << j))
            for j in range(len(players))
            if rest >> j & 1
        )

    return best((1 << len(players)) - 1)


def repeat_broken(view: RoundView, given: RoundInput, name: Mapping[int, str]) -> list[Finding]:
    round_number = given.round_number
    limit = given.settings.max_repeats
    meetings = Meetings(given.history)
    leader = leader_of(given)
    games = [g for g in view.games if leader not in g]

    def excess(pairs: Iterable[tuple[int, int]]) -> int:
        return sum(max(0, meetings.times(a, b) - limit) for a, b in pairs)

    found = excess(games)
    if not found:
        return []
    pool = sorted({p for g in games for p in g})
    if len(pool) <= EXACT_POOL:
        fewest = fewest_excess(pool, lambda a, b: excess([(a, b)]))
    else:
        field_ = [c for c in given.competitors if c.id in pool]
        fewest = excess((a.id, b.id) for a, b in swiss_pairs(field_, meetings, given.settings))
    if found <= fewest:
        return []
    beyond = [g for g in games if meetings.times(*g) > limit]
    found_params = params(
        round=round_number,
        games=pairs_text(beyond, name),
        limit=limit,
        fewest=fewest,
        found=found,
    )
    return [Finding(round_number, REPEAT, REPEAT_BROKEN, found_params)]
