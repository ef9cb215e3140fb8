"""The three rules shared/COP.md's "Precise rules" section made precise: the class king of the
hill counts places, the cash walk ends at the lowest absolute casher, and destiny's child plays
whoever leads each simulated round. Each on both sides of its boundary, worked out by hand."""

from dataclasses import replace

import numpy as np
import pytest

from pairing.cop import rules as r
from pairing.cop.constraints import class_walk, koth_rule
from pairing.cop.contention import assess, build_rules, lowest_absolute_casher
from pairing.cop.control import destinys_child
from pairing.cop.engine import pair_field
from pairing.cop.gibson import gibson_groups
from pairing.cop.messages import render
from pairing.cop.simulate import Plan, rng_factory

from .build import fast, make_field
from .simulated import simulate_records

# --- Class king of the hill counts places --------------------------------------------------

# One round left closes at most 4 of twice wins minus losses (spreads level here). Positions
# 8-11 are level at 0; 16 at -4; 18 at -4 (can catch 11) or -6 (cannot).
NO_GROUPS = gibson_groups(range(20), frozenset())


def class_field(wl2_of: dict[int, int]):
    records = [(wl2_of.get(p, -40 + p), 0) for p in range(20)]
    records[:8] = [(40 - p, 0) for p in range(8)]
    return make_field(records, rounds_left=1)


@pytest.mark.parametrize(("eighteen", "pairs"), [(-4, 3), (-6, 2)])
def test_a_forced_pair_takes_two_places_as_in_the_example(eighteen, pairs):
    # 4 prizes: 8 v 9 takes two, 10 v 11 the last two (11 is to catch), then 16 v 18 only if
    # 18 can still catch 11: at -4 yes, at -6 no (though 18 at -6 can still catch 16, which
    # is all that counting one place a pair asked).
    field = class_field({8: 0, 9: 0, 10: 0, 11: 0, 16: -4, 18: eighteen})
    walked = class_walk(field, [8, 9, 10, 11, 16, 18], 4, NO_GROUPS, 250)
    assert walked == [(8, 9), (10, 11), (16, 18)][:pairs]


@pytest.mark.parametrize(("fourth", "pairs"), [(0, 3), (-2, 2)])
def test_with_one_place_left_the_upper_of_the_pair_is_the_one_to_catch(fourth, pairs):
    # 3 prizes: 8 v 9 (two places), 10 v 11 for the last one: 10 (at 4) is to catch, not 11
    # (at 2). 12 v 13 follow only if 13 can still catch 10: at 0 (gap 4) yes, at -2 no,
    # though 13 at -2 could still catch 11.
    field = class_field({8: 8, 9: 8, 10: 4, 11: 2, 12: 2, 13: fourth})
    walked = class_walk(field, [8, 9, 10, 11, 12, 13], 3, NO_GROUPS, 250)
    assert walked == [(8, 9), (10, 11), (12, 13)][:pairs]


@pytest.mark.parametrize(("prizes", "pairs"), [(3, 1), (4, 2)])
def test_a_member_alone_taking_the_last_place_ends_the_walk(prizes, pairs):
    # 8 v 9 take two places; 10 (at 10) is out of 11's reach (at 4): 10 takes one alone. With
    # 3 prizes that was the last place: the walk ends, and 11 v 12 are not forced; with 4, one
    # place is left and 11 v 12 meet for it.
    field = class_field({8: 12, 9: 12, 10: 10, 11: 4, 12: 4})
    walked = class_walk(field, [8, 9, 10, 11, 12], prizes, NO_GROUPS, 250)
    assert walked == [(8, 9), (11, 12)][:pairs]


# --- The cash walk ends at the lowest absolute casher -----------------------------------------

RECORDS = [(10, 300), (10, 200), (8, 100), (8, 50), (6, 0), (4, -50), (2, -100), (0, -200)]


def final_assessment(absolute_rank, places=2, size=8):
    field = make_field(RECORDS[:size], rounds_left=1)
    settings = fast(place_prizes=places)
    a = assess(field, settings, 1)
    return field, settings, replace(a, hope=replace(a.hope, absolute_rank=absolute_rank))


@pytest.mark.parametrize(
    ("absolute_rank", "lowest"),
    [
        ((0, 0, 0, 1, 1, 2, 3, 4), 4),  # 4 reached 2nd in some run: the walk goes down to 4
        ((0, 0, 0, 1, 2, 2, 3, 4), 3),  # 4 never reached a paid place: 3 is the lowest
    ],
)
def test_the_lowest_absolute_casher_is_the_lowest_who_reached_a_paid_place_at_all(
    absolute_rank, lowest
):
    field, settings, a = final_assessment(absolute_rank)
    assert lowest_absolute_casher(a.hope, 2) == lowest


def koth_pairs(field, settings, a):
    rules, _, _ = build_rules(field, settings, a)
    (koth,) = [rule for rule in rules if rule.name == r.KOTH]
    return sorted((p, min(q)) for p, q in koth.partners.items() if p < min(q))


def test_the_cash_walk_runs_below_the_hopeful_cashers_to_the_lowest_absolute_one():
    # Hopeful cashers end at 3 (these records); 5 reached a paid place once: 0-5 all play KOTH.
    field, settings, a = final_assessment((0, 0, 0, 1, 1, 1, 3, 4))
    assert a.hope.lowest_hopeful[1] < 5
    assert koth_pairs(field, settings, a) == [(0, 1), (2, 3), (4, 5)]


@pytest.mark.parametrize(
    ("absolute_rank", "pairs"),
    [
        # Down to 4: 0v1, 2v3, and 4 left over is forced against the next player down, 5.
        ((0, 0, 0, 1, 1, 2, 3, 4), [(0, 1), (2, 3), (4, 5)]),
        # Down to 3: an even walk, nobody left over, 4 and 5 free.
        ((0, 0, 0, 1, 2, 2, 3, 4), [(0, 1), (2, 3)]),
    ],
)
def test_a_lowest_absolute_casher_left_over_plays_the_next_player_down(absolute_rank, pairs):
    field, settings, a = final_assessment(absolute_rank)
    assert koth_pairs(field, settings, a) == pairs


@pytest.mark.parametrize(("locked", "recipient", "partner"), [((), None, 5), ((5,), 6, 7)])
def test_the_next_player_down_skips_the_gibsonized_and_the_bye(locked, recipient, partner):
    field = make_field(RECORDS, rounds_left=1)
    rule = koth_rule(field, 4, frozenset(locked), NO_GROUPS, recipient)
    assert rule.partners[4] == frozenset({partner})


@pytest.mark.parametrize(("lowest", "pairs"), [(4, {6: {7}, 7: {6}}), (3, {5: {6}, 6: {5}})])
def test_the_class_walk_starts_below_the_last_forced_pair(lowest, pairs):
    # Class B is 5, 6, 7 with two prizes. Cash walk down to 4, forced against 5: the class walk
    # starts at 6, 5 above it (who may finish unpaid) uses a prize, and 6 v 7 meet for the
    # other. Down to 3 (an even walk): it starts at 4, and 5 v 6 meet first.
    field = make_field(RECORDS, rounds_left=1, classes="AAAAABBB")
    settings = fast(place_prizes=2, class_prizes={"B": 2})
    a = assess(field, settings, 1)
    absolute = (0, 0, 0, 1, 1 if lowest == 4 else 2, 2, 3, 4)
    hope = replace(a.hope, absolute_rank=absolute, cash_chance=(1, 1, 0, 0, 0, 0, 0, 0))
    rules, _, _ = build_rules(field, settings, replace(a, hope=hope))
    (klass,) = [rule for rule in rules if rule.name == r.CLASS_KOTH]
    assert {p: set(q) for p, q in klass.partners.items()} == pairs


# --- Destiny's child plays whoever leads each simulated round ------------------------------

CONTROL = fast(control_loss_threshold=0, control_loss_activation_round=0)
# Leader a game ahead of 2nd and 3rd, who are level; the rest far behind.
CLOSE = [(4, 100), (0, 50), (0, 40), (-20, 0), (-20, 0), (-20, -10)]


def test_beating_whoever_leads_each_round_2nd_wins_outright_with_five_left():
    # 3rd, winning, leads as soon as the leader has lost to 2nd, and then loses to 2nd too:
    # 2nd finishes first in every run (against today's leader only, 3rd could win all 5 and
    # tie 2nd on wins).
    games, notes = pair_field(make_field(CLOSE, rounds_left=5), CONTROL, seed=5)
    log = render(notes)
    assert "P2 finishes first in 1000 of 1000 simulations winning out and beating whoever " in log
    assert "destiny's child is P2 (2)" in log
    assert games[0] == (0, 1)


@pytest.mark.parametrize(("third", "child"), [(0, 2), (-2, None)])
def test_winning_outright_beating_whoever_leads_has_its_limit(third, child):
    # Two leaders level at +3, 3rd judged alone, 5 left. From +0, beating whichever leader
    # leads in 4 rounds and winning the last, 3rd always finishes first; from -1, the leader
    # who is not beaten in a round can win 4 of 5 and tie 3rd on wins, winning on spread.
    field = make_field([(6, 100), (6, 90), (third, 0), *[(-10, 0)] * 3], rounds_left=5)
    verdict = destinys_child(field, [2], (), 200, 0.0, 1000, rng_factory(5))
    assert verdict.player == child
    outright = "P3, winning out and beating the leader in every round but the last, finishes "
    assert (outright in render(verdict.notes)) is (child is None)


WL2 = (10, 8, 8, 6, 6, 4, 4, 2, 0, 0)
SPREAD = (300, 200, 100, 50, 0, -50, -100, -150, -200, -300)


@pytest.mark.parametrize("rounds", [1, 2, 4])
def test_the_leader_met_is_whoever_leads_the_simulation_not_todays_leader(rounds):
    plan = Plan(rounds, 200, (), winner=3, chases_leader=True)
    ids, wl2, _ = simulate_records(WL2, SPREAD, plan, 2000, np.random.default_rng(3))
    leader = wl2[ids == 0]
    assert set(wl2[ids == 3].tolist()) == {WL2[3] + 2 * rounds}  # 4th wins every game
    assert leader.max() <= WL2[0] - 2 + 2 * (rounds - 1)  # today's leader lost round 1
    # Today's leader lost every round only when they led every round.
    assert (leader.min() == WL2[0] - 2 * rounds) and (
        rounds == 1 or leader.max() > WL2[0] - 2 * rounds
    )


@pytest.mark.parametrize("rounds", [1, 2, 5])
def test_after_chasing_the_leader_the_winner_joins_the_field_and_still_wins(rounds):
    # Chasing in every round but the last; the last is played in the field, and won.
    plan = Plan(rounds, 200, (), winner=3, chases_leader=True, victim_rounds=rounds - 1)
    ids, wl2, spread = simulate_records(WL2, SPREAD, plan, 2000, np.random.default_rng(3))
    assert set(wl2[ids == 3].tolist()) == {WL2[3] + 2 * rounds}
    assert set(wl2.sum(axis=1).tolist()) == {sum(WL2)}  # every game zero-sum, no outsider
    assert set(spread.sum(axis=1).tolist()) == {sum(SPREAD)}
