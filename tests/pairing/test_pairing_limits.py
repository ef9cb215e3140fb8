"""Pairing limits at the limit and one either side: clinching and the prize race when finishes
are exactly level, the gibsonized leader's repeat allowance, table pins, the smallest round-robin
group, the rounds a plan covers, and who goes first either way round."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pairing import messages as m
from pairing.gibson import clinched_first, gibson_opponent, out_of_the_prizes
from pairing.meetings import Meetings
from pairing.messages import PairingError
from pairing.plan import PlannedRound, parse_plan, system_for_round, validate_plan
from pairing.roundrobin import scheduled_games
from pairing.sides import decide_first
from pairing.tables import assign_tables, check_fixed_tables
from pairing.types import PairingOut

from .builders import make_field


def standings(wins, spreads):
    return tuple(
        replace(c, wins=float(w), spread=s)
        for c, w, s in zip(make_field(len(wins)), wins, spreads, strict=True)
    )


# --- clinching and the prize race --------------------------------------------------------------


@pytest.mark.parametrize(("lead", "clinched"), [(499, False), (500, False), (501, True)])
def test_clinching_first_needs_a_lead_strictly_beyond_the_best_comeback(lead, clinched):
    # One round left at most 250 spread a game: level on wins, a comeback is worth 500.
    field = standings([5, 4, 2], [lead, 0, 0])
    assert clinched_first(field, 1, 250) == (1 if clinched else None)


@pytest.mark.parametrize(("rounds_left", "clinched"), [(0, None), (1, 1), (2, None)])
def test_clinching_is_judged_only_while_a_round_is_left(rounds_left, clinched):
    field = standings([6, 4, 3], [0, 0, 0])
    assert clinched_first(field, rounds_left, 250) == clinched


@pytest.mark.parametrize(("gap", "out"), [(499, False), (500, False), (501, True)])
def test_a_player_is_out_of_the_prizes_only_when_others_are_strictly_sure_to_finish_ahead(gap, out):
    # One prize; Ann is a win ahead of Bob with one round left: Bob's best finish draws level on
    # wins, so he is out only if Ann's spread lead is more than the 500 a round can swing.
    field = standings([5, 4], [gap, 0])
    assert [c.id for c in out_of_the_prizes(field, 1, 250, 1)] == ([2] if out else [])


@pytest.mark.parametrize(("places", "out"), [(1, [2, 3]), (2, [3]), (3, [])])
def test_a_player_is_out_once_as_many_players_as_there_are_prizes_are_sure_ahead(places, out):
    field = standings([9, 7, 4], [0, 0, 0])
    assert [c.id for c in out_of_the_prizes(field, 1, 250, places)] == out


@pytest.mark.parametrize(("met", "opponent"), [(0, 2), (1, 2), (2, 3)])
def test_gibsonized_leader_may_meet_an_opponent_exactly_max_repeats_times(met, opponent):
    field = standings([9, 3, 2, 1], [0, 0, 0, 0])
    meetings = Meetings(((1, 2),) * met)
    chosen = gibson_opponent(1, field, field, 1, 250, 1, meetings, max_repeats=1)
    assert chosen is not None and chosen.id == opponent


# --- table pins --------------------------------------------------------------------------------


def test_tables_are_numbered_from_one():
    check_fixed_tables({1: 1})
    assert assign_tables([PairingOut(1, 2), PairingOut(3, 4)], [1, 2, 3, 4], {3: 1})[0].table == 1
    for table in (0, -1):
        with pytest.raises(PairingError) as caught:
            check_fixed_tables({5: table})
        assert (caught.value.template, caught.value.params) == (
            m.TABLE_NOT_POSITIVE,
            {"table": table, "player": 5},
        )


# --- round-robin groups ------------------------------------------------------------------------


def test_a_round_robin_group_of_two_plays_and_a_group_of_one_sits_out():
    assert scheduled_games([7, 9], 1) == [(7, 9)]
    assert scheduled_games([7, 9], 2) == [(9, 7)]
    assert scheduled_games([7], 1) == [(7, None)]
    assert scheduled_games([], 1) == []


# --- the rounds a plan covers ------------------------------------------------------------------


def test_a_plan_covers_round_one_to_the_last_round_and_nothing_outside():
    plan = parse_plan("1 seeded; 2-N swiss")
    validate_plan(plan, 5)
    assert system_for_round(plan, 1, 5) == PlannedRound("seeded", 0, 1)
    assert system_for_round(plan, 5, 5) == PlannedRound("swiss", 4, 4)
    for outside in (0, 6):
        with pytest.raises(PairingError) as caught:
            system_for_round(plan, outside, 5)
        assert caught.value.params == {"round": outside, "total": 5}


def test_a_step_may_end_on_the_last_round_but_not_beyond():
    validate_plan(parse_plan("1-4 swiss; 5 koth"), 5)
    with pytest.raises(PairingError) as caught:
        validate_plan(parse_plan("1-4 swiss; 5-6 koth"), 5)
    assert caught.value.params["round"] == 6


@pytest.mark.parametrize(("lag", "based_on"), [(0, 3), (1, 2), (3, 0), (4, 0)])
def test_lag_counts_back_from_the_previous_round_down_to_the_seeding(lag, based_on):
    plan = parse_plan(f"1-N swiss lag {lag}")
    assert system_for_round(plan, 4, 6).based_on_round == based_on


# --- first and second, both ways ---------------------------------------------------------------


def test_fewer_firsts_goes_first_whichever_player_is_listed_first():
    a, b = make_field(2)
    fewer, more = replace(a, firsts=2), replace(b, firsts=3)
    assert decide_first(fewer, more, random.Random(0)) == (1, 2, False)
    assert decide_first(more, fewer, random.Random(0)) == (1, 2, False)


def test_on_equal_firsts_who_went_second_last_goes_first_whichever_is_listed_first():
    a, b = make_field(2)
    went_second = replace(a, firsts=1, last_sides=("F", "S"))
    went_first = replace(b, firsts=1, last_sides=("S", "F"))
    assert decide_first(went_second, went_first, random.Random(0)) == (1, 2, False)
    assert decide_first(went_first, went_second, random.Random(0)) == (1, 2, False)
