"""Steps 4 and 5: control loss (destiny's child) and factor 3, both judged by simulation.

A contender "does clearly better" against the leader when, winning every remaining game, their
chance of finishing first is higher by more than the control loss threshold when they beat the
leader each round than when they win against someone outside the race.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.refusal import gettext_noop

from .hope import MIN_SIMS, SIM_BUDGET
from .messages import Note, note
from .simulate import Plan, simulate
from .standings import Field

CONTENDER_NOTE = gettext_noop(
    "Control loss: %(player)s finishes first in %(with_leader)s of %(sims)s simulations beating "
    "the leader every round and in %(without)s winning out without meeting them."
)
NO_DESTINY_NOTE = gettext_noop("Control loss: no contender depends on meeting the leader.")
FACTOR3_CONTROL_NOTE = gettext_noop(
    "Factor 3: %(player)s finishes first in %(with_leader)s of %(sims)s simulations beating the "
    "leader now and in %(without)s under 1v4, 2v5, 3v6."
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
    """Simulations per scenario: the request's count within a share of the budget."""
    share = SIM_BUDGET // max(1, 2 * scenarios * field.size * field.rounds_left)
    return min(requested, max(MIN_SIMS // 5, share))


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
    """The highest-ranked candidate who does clearly better playing the leader every round."""
    sims = control_sims(requested, field, len(candidates))
    notes: list[Note] = []
    if sims < requested:
        notes.append(
            note(
                CAPPED_NOTE,
                sims=sims,
                requested=requested,
                players=field.size,
                rounds=field.rounds_left,
                scenarios=2 * len(candidates),
            )
        )
    for c in candidates:
        games = tuple(g for g in first_games if c not in g and 0 not in g)
        facing = Plan(field.rounds_left, spread_cap, games, winner=c, victim=0)
        avoiding = Plan(field.rounds_left, spread_cap, games, winner=c)
        found, gain = _destiny(field, c, (facing, avoiding), sims, rng_for, "control")
        notes.append(found)
        if gain > threshold * sims:
            return Verdict(c, tuple(notes))
    notes.append(note(NO_DESTINY_NOTE))
    return Verdict(None, tuple(notes))


def factor3_control(
    field: Field, spread_cap: int, threshold: float, requested: int, rng_for: RngFor
) -> Verdict:
    """2nd or 3rd (first found) when they would lose control of their destiny under 1v4, 2v5,
    3v6: winning out, they finish first clearly more often beating the leader now."""
    sims = control_sims(requested, field, 2)
    notes: list[Note] = []
    factor = ((0, 3), (1, 4), (2, 5))
    for c in (1, 2):
        games = tuple(g for g in factor if c not in g)
        facing = Plan(field.rounds_left, spread_cap, (), winner=c, victim=0)
        under_factor = Plan(field.rounds_left, spread_cap, games, winner=c)
        found, gain = _destiny(field, c, (facing, under_factor), sims, rng_for, "factor3")
        notes.append(found)
        if gain > threshold * sims:
            return Verdict(c, tuple(notes))
    return Verdict(None, tuple(notes))


_NOTES = {"control": CONTENDER_NOTE, "factor3": FACTOR3_CONTROL_NOTE}


def _destiny(field: Field, c: int, plans, sims: int, rng_for: RngFor, phase: str):
    """How much more often ``c``, winning out, finishes first when it plays the leader now than
    under the other plan: the explaining note and that gain in simulations."""
    facing, other = plans
    with_leader = chance_first(field, facing, sims, rng_for(phase, c, 1))
    without = chance_first(field, other, sims, rng_for(phase, c, 2))
    explained = note(
        _NOTES[phase],
        player=field.standings[c].name,
        with_leader=with_leader,
        without=without,
        sims=sims,
    )
    return explained, with_leader - without
