"""Steps 4 and 5: control loss (destiny's child) and factor 3, both judged by simulation.

A contender "does clearly better" against the leader when, winning every remaining game, their
chance of finishing first is higher by at least the control loss threshold when they beat the
leader each round than when they beat their usual factor opponents (see ``destinys_child``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.refusal import gettext_noop

from .hope import COST_BUDGET, FLOOR_SIMS
from .messages import Note, note
from .simulate import Plan, simulate
from .standings import Field

CONTENDER_NOTE = gettext_noop(
    "Control loss: %(player)s finishes first in %(with_leader)s of %(sims)s simulations winning "
    "out and beating whoever leads in every round but the last, and in %(without)s winning out "
    "against their usual opponents."
)
# No longer written (the leader met is whoever leads each simulated round); kept so logs
# stored before still read.
CONTENDER_NOTE_BEFORE = gettext_noop(
    "Control loss: %(player)s finishes first in %(with_leader)s of %(sims)s simulations beating "
    "the leader every round and in %(without)s winning out against their usual opponents."
)
NO_DESTINY_NOTE = gettext_noop("Control loss: no contender depends on meeting the leader.")
OUTRIGHT_NOTE = gettext_noop(
    "Control loss: %(player)s, winning out and beating the leader in every round but the last, "
    "finishes first in only %(first)s of %(sims)s simulations."
)
RUN_NOTE = gettext_noop(
    "Control loss: the players above %(player)s finish first either way; meeting the leader "
    "still helps %(player)s."
)
FACTOR3_CONTROL_NOTE = gettext_noop(
    "Factor 3: %(player)s finishes first in %(with_leader)s of %(sims)s simulations beating the "
    "leader now and in %(without)s under 1v4, 2v5, 3v6."
)
BUDGET_NOTE = gettext_noop(
    "Control loss: the cost budget (%(budget)s player-rounds x simulations) lets only the first "
    "%(judged)s of %(count)s contenders for 1st be judged."
)
CAPPED_NOTE = gettext_noop(
    "Control loss simulations: %(sims)s per scenario (requested %(requested)s, capped for %(players)s "
    "players, %(rounds)s rounds and %(scenarios)s scenarios)."
)

RngFor = Callable[..., np.random.Generator]


@dataclass(frozen=True, slots=True)
class Verdict:
    """Who (if anyone) depends on meeting the leader, and what the simulations said."""

    player: int | None
    notes: tuple[Note, ...]


def control_sims(requested: int, field: Field, scenarios: int) -> int:
    """Simulations per scenario: the request's count within a share of ``COST_BUDGET`` (at
    least ``FLOOR_SIMS``; ``affordable`` then limits how many scenarios run)."""
    share = COST_BUDGET // max(1, scenarios * field.size * field.rounds_left)
    return min(requested, max(FLOOR_SIMS, share))


def affordable(sims: int, field: Field, scenarios: int) -> int:
    """How many groups of ``scenarios`` scenarios of ``sims`` simulations fit the budget."""
    return COST_BUDGET // max(1, sims * scenarios * field.size * field.rounds_left)


def chance_first(field: Field, plan: Plan, sims: int, rng: np.random.Generator) -> int:
    """In how many of ``sims`` simulations ``plan.winner`` finishes first."""
    wl2 = tuple(s.wl2 for s in field.standings)
    spread = tuple(s.spread for s in field.standings)
    order = simulate(wl2, spread, plan, sims, rng)
    return int(np.count_nonzero(order[:, 0] == plan.winner))


def destinys_child(
    field: Field,
    candidates: list[int],
    first_games: tuple[tuple[int, int], ...],
    spread_cap: int,
    threshold: float,
    requested: int,
    rng_for: RngFor,
) -> Verdict:
    """The highest-ranked candidate who passes both tests, judged on one run in which they win
    every game, beating whoever leads that simulation in every round but the last: with more
    than 4 rounds left they finish first in every simulation of it; and they finish first in
    at least ``threshold`` x sims more of its runs than winning out against their usual factor
    opponents. With exactly 2 rounds left and nobody passing, the player just below a run of
    players (from 2nd down) who finish first in every run either way is destiny's child, if
    meeting the leader still helps them."""
    left = field.rounds_left
    each = 2
    scenarios = each * len(candidates)
    sims = control_sims(requested, field, scenarios)
    notes: list[Note] = []
    judged = min(len(candidates), affordable(sims, field, each))
    notes += _budget_notes(field, sims, requested, scenarios, judged, len(candidates))
    candidates = candidates[:judged]
    tried: list[tuple[int, int, int]] = []
    for c in candidates:
        games = tuple(g for g in first_games if c not in g and 0 not in g)
        chasing = Plan(
            left, spread_cap, games, winner=c, chases_leader=True, victim_rounds=left - 1
        )
        with_leader = chance_first(field, chasing, sims, rng_for("control", c, 1))
        if left > 4 and with_leader < sims:
            notes.append(_not_outright(field, c, with_leader, sims))
            continue
        usual = Plan(left, spread_cap, games, winner=c, in_field=True)
        without = chance_first(field, usual, sims, rng_for("control", c, 2))
        name = field.standings[c].name
        notes.append(
            note(CONTENDER_NOTE, player=name, with_leader=with_leader, without=without, sims=sims)
        )
        if helps_enough(with_leader, without, threshold, sims):
            return Verdict(c, tuple(notes))
        tried.append((c, with_leader, without))
    if left == 2:
        child = below_the_outright_run(tried, sims)
        if child is not None:
            notes.append(note(RUN_NOTE, player=field.standings[child].name))
            return Verdict(child, tuple(notes))
    notes.append(note(NO_DESTINY_NOTE))
    return Verdict(None, tuple(notes))


def _budget_notes(
    field: Field, sims: int, requested: int, scenarios: int, judged: int, count: int
) -> list[Note]:
    """What the cost budget cut: contenders left unjudged, simulations per scenario."""
    notes = []
    if judged < count:
        notes.append(note(BUDGET_NOTE, judged=judged, count=count, budget=f"{COST_BUDGET:,}"))
    if sims < requested:
        notes.append(
            note(
                CAPPED_NOTE,
                sims=sims,
                requested=requested,
                players=field.size,
                rounds=field.rounds_left,
                scenarios=scenarios,
            )
        )
    return notes


def helps_enough(with_leader: int, without: int, threshold: float, sims: int) -> bool:
    """Whether playing the leader makes a contender finish first in at least ``threshold`` x
    ``sims`` more runs (at least, not strictly more)."""
    return with_leader - without >= threshold * sims


def below_the_outright_run(tried: list[tuple[int, int, int]], sims: int) -> int | None:
    """The candidate just below the run (from the first candidate down, at least one long) of
    players finishing first in every run either way, when meeting the leader helps them."""
    run = 0
    while run < len(tried) and tried[run][1] == tried[run][2] == sims:
        run += 1
    if run == 0 or run == len(tried):
        return None
    c, with_leader, without = tried[run]
    return c if with_leader > without else None


def _not_outright(field: Field, c: int, outright: int, sims: int) -> Note:
    return note(OUTRIGHT_NOTE, player=field.standings[c].name, first=outright, sims=sims)


def factor3_control(
    field: Field, spread_cap: int, threshold: float, requested: int, rng_for: RngFor
) -> Verdict:
    """2nd or 3rd (first found) when they would lose control of their destiny under 1v4, 2v5,
    3v6: winning out, they finish first clearly more often beating the leader now."""
    sims = control_sims(requested, field, 4)
    notes: list[Note] = []
    factor = ((0, 3), (1, 4), (2, 5))
    for c in (1, 2):
        games = tuple(g for g in factor if c not in g)
        facing = Plan(field.rounds_left, spread_cap, (), winner=c, victim=0)
        under_factor = Plan(field.rounds_left, spread_cap, games, winner=c)
        found, with_leader, without = _destiny(
            field, c, (facing, under_factor), sims, rng_for, "factor3"
        )
        notes.append(found)
        if with_leader - without > threshold * sims:
            return Verdict(c, tuple(notes))
    return Verdict(None, tuple(notes))


def _destiny(field: Field, c: int, plans, sims: int, rng_for: RngFor, phase: str):
    """How often ``c``, winning out, finishes first when it plays the leader and under factor
    3's pairs: the explaining note and both counts."""
    facing, other = plans
    with_leader = chance_first(field, facing, sims, rng_for(phase, c, 1))
    without = chance_first(field, other, sims, rng_for(phase, c, 2))
    explained = note(
        FACTOR3_CONTROL_NOTE,
        player=field.standings[c].name,
        with_leader=with_leader,
        without=without,
        sims=sims,
    )
    return explained, with_leader, without
