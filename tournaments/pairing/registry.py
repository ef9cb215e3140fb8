"""Every pairing system by name, and ``pair_round``: the steps all systems share.

``pair_round`` takes out fixed pairs first, then (for systems that pair from the standings)
gibsonizes a clinched leader and sets aside the bye of an odd field, lets the system pair the
rest, settles first/second and numbers the tables. Schedule systems (round robins, quads,
Fontes) keep their own byes and Berger sides and are never gibsonized: their games are fixed
in advance, and a fixed pair only frees the pinned players' scheduled opponents. COP sees the
whole field (it ranks everybody and keeps fixed pairs as pre-paired games) and makes its own
Gibson groups and bye.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from . import factor, fontes, initial, koth, manual, quads, queen, roundrobin, swiss, teams, why
from . import messages as m
from .byes import split_bye
from .cop import adapter as cop
from .gibson import clinched_first, gibson_opponent
from .meetings import Meetings
from .messages import PairingError
from .sides import decide_first
from .tables import assign_tables, check_fixed_tables
from .types import Competitor, PairingOut, RoundInput

Pair = Callable[[RoundInput], list[PairingOut]]
LoggedPair = Callable[[RoundInput], tuple[list[PairingOut], list]]


class Kind(Enum):
    """How ``pair_round`` prepares the field for a system."""

    STANDINGS = "standings"  # pairs from the standings: gibsonization and the bye set aside first
    SCHEDULED = "scheduled"  # a fixed schedule keeps its own byes and sides, never gibsonized
    WHOLE_FIELD = "whole_field"  # sees everybody (fixed pairs included) and makes its own bye


@dataclass(frozen=True)
class System:
    name: str
    pair: Pair
    kind: Kind = Kind.STANDINGS
    # A system that explains its choices returns (pairings, notes); ``pair_round`` hands the notes
    # to its caller's log.
    logged: LoggedPair | None = None


_STANDINGS, _SCHEDULED, _WHOLE = Kind.STANDINGS, Kind.SCHEDULED, Kind.WHOLE_FIELD
SYSTEMS: dict[str, System] = {
    system.name: system
    for system in (
        System("swiss", swiss.pair),
        System("koth", koth.pair),
        System("queen", queen.pair),
        System("factor", factor.pair),
        System("random", initial.pair_random),
        System("seeded", initial.pair_seeded),
        System("manual", manual.pair),
        System("roundrobin", roundrobin.pair, _SCHEDULED),
        System("double_roundrobin", roundrobin.pair_double, _SCHEDULED),
        System("quads", quads.pair, _SCHEDULED),
        System("fontes", fontes.pair, _SCHEDULED),
        System("cop", cop.pair, _WHOLE, logged=cop.pair_logged),
    )
}
SCHEDULED_SYSTEMS = frozenset(name for name, s in SYSTEMS.items() if s.kind is _SCHEDULED)


def pair_round(
    system_name: str, round_input: RoundInput, log: list | None = None
) -> list[PairingOut]:
    """Pair one round with ``system_name`` and the common steps; games by table, byes last.

    ``log`` (when given) receives a logged system's notes (``cop.messages.Note``), or for Swiss
    and king of the hill why each game was paired (``why.explain``)."""
    system = SYSTEMS.get(system_name)
    if system is None:
        raise PairingError(m.UNKNOWN_SYSTEM, system=system_name)
    _validate(round_input)
    rng = random.Random(round_input.seed)
    by_id = {c.id: c for c in round_input.competitors}
    meetings = Meetings(round_input.history)
    decided = [_fixed_game(by_id[a], by_id[b], meetings, rng) for a, b in round_input.fixed_pairs]
    pinned = {p for pair in round_input.fixed_pairs for p in pair}
    pool = tuple(c for c in round_input.competitors if c.id not in pinned)
    if system.kind is _WHOLE:
        outs, notes = (
            system.logged(round_input) if system.logged else (system.pair(round_input), [])
        )
        decided += [_sided(p, by_id, rng) for p in outs]
        if log is not None:
            log.extend(notes)
    elif system.kind is _SCHEDULED:
        reduced = replace(
            round_input, competitors=pool, roster=roundrobin.default_roster(round_input)
        )
        decided += system.pair(reduced)
    else:
        set_aside, pool = _gibson_and_bye(round_input, pool, meetings, rng)
        reduced = replace(round_input, competitors=pool)
        outs = system.pair(reduced)
        if system_name in teams.SEPARATED_SYSTEMS and teams.avoiding(round_input):
            outs = teams.separate(outs, by_id, meetings, round_input.settings.max_repeats)
        decided += set_aside + [_sided(p, by_id, rng) for p in outs]
    order = [c.id for c in round_input.competitors]
    games = assign_tables(decided, order, round_input.fixed_tables)
    if log is not None and system_name in why.EXPLAINED_SYSTEMS:
        log.extend(why.explain(system_name, round_input, games))
    return games


def _validate(round_input: RoundInput) -> None:
    ids: set[int] = set()
    for c in round_input.competitors:
        if c.id in ids:
            raise PairingError(m.DUPLICATE_PLAYER, player=c.id)
        ids.add(c.id)
    pinned: set[int] = set()
    for pair in round_input.fixed_pairs:
        if pair[0] == pair[1]:
            raise PairingError(m.SELF_PAIRING, player=pair[0])
        for player in pair:
            if player not in ids:
                raise PairingError(m.UNKNOWN_PLAYER, player=player)
            if player in pinned:
                raise PairingError(m.FIXED_PAIR_OVERLAP, player=player)
            pinned.add(player)
    check_fixed_tables(round_input.fixed_tables)


def _gibson_and_bye(
    round_input: RoundInput,
    pool: tuple[Competitor, ...],
    meetings: Meetings,
    rng: random.Random,
) -> tuple[list[PairingOut], tuple[Competitor, ...]]:
    """Set aside the gibsonized leader's game (or bye) and an odd field's bye."""
    settings = round_input.settings
    set_aside: list[PairingOut] = []
    leader = None
    if settings.gibsonize:
        leader = clinched_first(
            round_input.competitors, round_input.rounds_left, settings.max_spread_per_round
        )
    leader_free = next((c for c in pool if c.id == leader), None)
    if leader_free is not None and len(pool) % 2:
        # The clinched leader takes the bye instead of the usual bye recipient.
        set_aside.append(PairingOut(first=leader_free.id, second=None))
        pool = tuple(c for c in pool if c.id != leader_free.id)
    elif leader_free is not None:
        opponent = gibson_opponent(
            leader_free.id,
            round_input.competitors,
            pool,
            round_input.rounds_left,
            settings.max_spread_per_round,
            settings.prize_places,
            meetings,
            settings.max_repeats,
        )
        if opponent is not None:
            set_aside.append(_fixed_game(leader_free, opponent, meetings, rng))
            pool = tuple(c for c in pool if c.id not in (leader_free.id, opponent.id))
    bye, pool = split_bye(pool)
    if bye is not None:
        set_aside.append(PairingOut(first=bye.id, second=None))
    return set_aside, pool


def _fixed_game(a: Competitor, b: Competitor, meetings: Meetings, rng: random.Random) -> PairingOut:
    first, second, drawn = decide_first(a, b, rng)
    return PairingOut(first, second, repeats=meetings.times(a.id, b.id), sides_drawn=drawn)


def _sided(pairing: PairingOut, by_id: dict[int, Competitor], rng: random.Random) -> PairingOut:
    if pairing.second is None:
        return pairing
    first, second, drawn = decide_first(by_id[pairing.first], by_id[pairing.second], rng)
    return replace(pairing, first=first, second=second, sides_drawn=drawn)
