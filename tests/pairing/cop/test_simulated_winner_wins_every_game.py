"""A contender simulated as winning out wins every remaining game, whatever their opponents
(the in-field plan once read last round's columns after the re-sort, so the "winner" could end
anywhere from two losses down to two wins up)."""

from __future__ import annotations

import numpy as np

from pairing.cop.simulate import Plan

from .simulated import simulate_records

WL2 = (10, 8, 8, 6, 6, 4, 4, 2, 0, 0)
SPREAD = (300, 200, 100, 50, 0, -50, -100, -150, -200, -300)


def _records(plan: Plan, sims: int = 2000):
    return simulate_records(WL2, SPREAD, plan, sims, np.random.default_rng(3))


def _winner_records(plan: Plan):
    ids, wl2, spread = _records(plan)
    return wl2[ids == plan.winner], spread[ids == plan.winner]


def test_winning_out_against_usual_opponents_gains_two_a_round_every_time():
    plan = Plan(5, 200, (), winner=3, in_field=True)
    wl2, spread = _winner_records(plan)
    assert set(wl2.tolist()) == {WL2[3] + 2 * 5}
    assert spread.min() >= SPREAD[3] + 5  # every game won by at least a point


def test_winning_out_from_the_first_round_with_pre_paired_games_too():
    plan = Plan(1, 200, ((0, 1),), winner=3, in_field=True)
    wl2, _ = _winner_records(plan)
    assert set(wl2.tolist()) == {WL2[3] + 2}


def test_the_winners_gain_is_their_opponents_loss():
    # An even field with no bye: every game, forced win or coin flip, is zero-sum.
    ids, wl2, spread = _records(Plan(5, 200, (), winner=3, in_field=True))
    assert set(wl2.sum(axis=1).tolist()) == {sum(WL2)}
    assert set(spread.sum(axis=1).tolist()) == {sum(SPREAD)}
    assert all(sorted(row) == list(range(len(WL2))) for row in ids.tolist())


def test_winning_out_against_the_leader_gains_two_a_round_and_the_leader_loses_each():
    ids, wl2, _ = _records(Plan(4, 200, (), winner=2, victim=0))
    assert set(wl2[ids == 2].tolist()) == {WL2[2] + 2 * 4}
    assert set(wl2[ids == 0].tolist()) == {WL2[0] - 2 * 4}
