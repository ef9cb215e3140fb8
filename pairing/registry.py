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

from core.refusal import gettext_noop

from . import factor, fontes, initial, koth, manual, quads, queen, roundrobin, swiss, teams, why
from . import messages as m
from .byes import split_bye
from .gibson import clinched_first, gibson_opponent
from .meetings import Meetings
from .messages import PairingError
from .sides import decide_first
from .tables import assign_tables, check_fixed_tables
from .types import Competitor, PairingOut, RoundInput

Pair = Callable[[RoundInput], list[PairingOut]]
LoggedPair = Callable[[RoundInput], tuple[list[PairingOut], list]]


# COP's simulations load numpy (a tenth of a second): imported when COP pairs, so a command that
# only reads the registry (every one loading the models) starts without it.
def _cop_pair(round_input: RoundInput) -> list[PairingOut]:
    from .cop import adapter

    return adapter.pair(round_input)


def _cop_pair_logged(round_input: RoundInput) -> tuple[list[PairingOut], list]:
    from .cop import adapter

    return adapter.pair_logged(round_input)


class Kind(Enum):
    """How ``pair_round`` prepares the field for a system."""

    STANDINGS = "standings"  # pairs from the standings: gibsonization and the bye set aside first
    SCHEDULED = "scheduled"  # a fixed schedule keeps its own byes and sides, never gibsonized
    WHOLE_FIELD = "whole_field"  # sees everybody (fixed pairs included) and makes its own bye


class Need(Enum):
    """What of the round's input a system reads to pair (beyond the players themselves)."""

    STANDINGS = "standings"  # places, wins and spread
    HISTORY = "history"  # who has met whom
    RATINGS = "ratings"
    ROSTER = "roster"  # the seed order of every entry, for a schedule
    SEED = "seed"  # random draws


class RepeatLimit(Enum):
    """What a system does with the division's repeat limit (``max_repeats``)."""

    FEWEST = "fewest"  # as few games beyond it as the field allows (the checker's repeat rule)
    KEPT = "kept"  # kept whenever the field allows it
    IGNORED = "ignored"  # pairs by its own pattern or schedule and does not look at it


class TeamMates(Enum):
    """How a system keeps team-mates apart in rounds 1..N (``teams.py``)."""

    WEIGHED = "weighed"  # a penalty inside the matching (Swiss)
    SEPARATED = "separated"  # paired as usual, then ``teams.separate`` swaps opponents
    IGNORED = "ignored"


@dataclass(frozen=True)
class System:
    """Everything the desk knows about one pairing system, in one place: every list of systems
    the code keeps (titles, schedules, the checker's rules, the repeat warning, team-mates,
    "Why this pairing?") is derived from these entries."""

    name: str
    title: str  # the name it is offered by (a msgid)
    pair: Pair
    needs: frozenset[Need]
    kind: Kind = Kind.STANDINGS
    # A system that explains its choices returns (pairings, notes); ``pair_round`` hands the notes
    # to its caller's log, and the pairing page shows them as the round's log.
    logged: LoggedPair | None = None
    # ``manage.py pair_check`` can re-derive its rounds from the file (a hand pairing it cannot).
    rederived: bool = True
    # The checker's order rule: the games are the standings order's.
    ordered: bool = False
    repeat_limit: RepeatLimit = RepeatLimit.KEPT
    team_mates: TeamMates = TeamMates.SEPARATED
    # Its sentences for "Why this pairing?" (``why.py``), one per game; None: not explained.
    why: why.Style | None = None


_STANDINGS, _SCHEDULED, _WHOLE = Kind.STANDINGS, Kind.SCHEDULED, Kind.WHOLE_FIELD
_PLACES = frozenset({Need.STANDINGS, Need.HISTORY})
_SCHEDULE = frozenset({Need.ROSTER, Need.HISTORY})
_IGNORES = {"repeat_limit": RepeatLimit.IGNORED}
_APART = {"team_mates": TeamMates.IGNORED}
SYSTEMS: dict[str, System] = {
    system.name: system
    for system in (
        System(
            "swiss",
            gettext_noop("Swiss"),
            swiss.pair,
            _PLACES,
            repeat_limit=RepeatLimit.FEWEST,
            team_mates=TeamMates.WEIGHED,
            why=why.Style.SCORE_GROUPS,
        ),
        System(
            "koth",
            gettext_noop("King of the hill"),
            koth.pair,
            _PLACES,
            ordered=True,
            why=why.Style.NEIGHBOURS,
        ),
        System(
            "queen",
            gettext_noop("Queen of the hill"),
            queen.pair,
            _PLACES,
            ordered=True,
            **_IGNORES,
        ),
        System("factor", gettext_noop("Factor"), factor.pair, _PLACES, ordered=True, **_IGNORES),
        System(
            "random",
            gettext_noop("Random"),
            initial.pair_random,
            frozenset({Need.SEED, Need.HISTORY}),
            **_IGNORES,  # a draw, or the ratings' order: the games before are not looked at
        ),
        System(
            "seeded",
            gettext_noop("Seeded"),
            initial.pair_seeded,
            frozenset({Need.RATINGS, Need.HISTORY}),
            ordered=True,
            **_IGNORES,
        ),
        System(
            "manual",
            gettext_noop("By hand"),
            manual.pair,
            _PLACES,
            rederived=False,
            **_IGNORES,
            **_APART,
        ),
        System(
            "roundrobin",
            gettext_noop("Round robin"),
            roundrobin.pair,
            _SCHEDULE,
            _SCHEDULED,
            **_IGNORES,
            **_APART,
        ),
        System(
            "double_roundrobin",
            gettext_noop("Double round robin"),
            roundrobin.pair_double,
            _SCHEDULE,
            _SCHEDULED,
            **_IGNORES,
            **_APART,
        ),
        System(
            "quads",
            gettext_noop("Quads"),
            quads.pair,
            _SCHEDULE | {Need.RATINGS},
            _SCHEDULED,
            **_IGNORES,
            **_APART,
        ),
        System(
            "fontes",
            gettext_noop("Fontes"),
            fontes.pair,
            _SCHEDULE | {Need.RATINGS, Need.SEED},
            _SCHEDULED,
            **_IGNORES,
            **_APART,
        ),
        System(
            "cop",
            gettext_noop("COP"),
            _cop_pair,
            _PLACES | {Need.RATINGS, Need.SEED},
            _WHOLE,
            logged=_cop_pair_logged,
            **_APART,
        ),
    )
}


@dataclass(frozen=True)
class SystemLists:
    """The lists of systems the code reads, each a projection of the registry's entries."""

    titles: dict[str, str]
    scheduled: frozenset[str]
    logged: frozenset[str]  # the round's log is the system's own (COP's notes)
    explained: frozenset[str]  # "Why this pairing?" for each game
    limit_ignored: frozenset[str]  # the pairing page warns the repeat limit is not kept
    separated: frozenset[str]  # team-mates moved apart after pairing
    rederived: frozenset[str]  # the checker re-derives their rounds
    ordered: frozenset[str]  # the checker's order rule
    standings: frozenset[str]  # the checker's bye and Gibson rules: paired from the standings
    sided: frozenset[str]  # the checker's sides rule: every program-paired round but schedules
    fewest_repeats: frozenset[str]  # the checker's repeat rule


def lists_of(systems: dict[str, System]) -> SystemLists:
    """Every list of systems, derived from ``systems`` (``SYSTEMS``, or a test's registry)."""

    def where(keep: Callable[[System], bool]) -> frozenset[str]:
        return frozenset(name for name, s in systems.items() if keep(s))

    return SystemLists(
        titles={name: s.title for name, s in systems.items()},
        scheduled=where(lambda s: s.kind is _SCHEDULED),
        logged=where(lambda s: s.logged is not None),
        explained=where(lambda s: s.why is not None),
        limit_ignored=where(lambda s: s.repeat_limit is RepeatLimit.IGNORED),
        separated=where(lambda s: s.team_mates is TeamMates.SEPARATED),
        rederived=where(lambda s: s.rederived),
        ordered=where(lambda s: s.ordered and s.rederived),
        standings=where(lambda s: s.kind is _STANDINGS and s.rederived),
        sided=where(lambda s: s.kind is not _SCHEDULED and s.rederived),
        fewest_repeats=where(lambda s: s.repeat_limit is RepeatLimit.FEWEST and s.rederived),
    )


LISTS = lists_of(SYSTEMS)
SYSTEM_TITLES = LISTS.titles
SCHEDULED_SYSTEMS = LISTS.scheduled
LOGGED_SYSTEMS = LISTS.logged
EXPLAINED_SYSTEMS = LISTS.explained
LIMIT_IGNORED = LISTS.limit_ignored
REDERIVED_SYSTEMS = LISTS.rederived
ORDERED_SYSTEMS = LISTS.ordered
STANDINGS_SYSTEMS = LISTS.standings
SIDED_SYSTEMS = LISTS.sided
FEWEST_REPEATS_SYSTEMS = LISTS.fewest_repeats

# A round of the bracket stage after the Swiss (``services/playoffs.py``) is not paired by a
# system of the registry, but is titled beside them.
BRACKET_ROUND = "playoff"
ROUND_TITLES = {**SYSTEM_TITLES, BRACKET_ROUND: gettext_noop("Playoff")}


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
        if system.team_mates is TeamMates.SEPARATED and teams.avoiding(round_input):
            outs = teams.separate(outs, by_id, meetings, round_input.settings.max_repeats)
        decided += set_aside + [_sided(p, by_id, rng) for p in outs]
    order = [c.id for c in round_input.competitors]
    games = assign_tables(decided, order, round_input.fixed_tables)
    if log is not None and system.why is not None:
        log.extend(why.explain(system.why, round_input, games))
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
