"""Control loss (destiny's child) and factor 3.

The control loss field: 6 players, 3 rounds left of 12, one place paid. The leader is 3 ahead
of 2nd in wins minus losses; 3rd to 6th are out of reach of 1st. Winning out and beating whoever
leads in the first two rounds (the leader both times: nobody else can overtake them), 2nd
finishes first every time (+6 against at most +5). Against their usual factor
opponents instead (1v4, 2v5, 3v6; then 1v3, 2v4; then king of the hill, where they meet the
leader, who loses that one), 2nd finishes first unless the leader wins both of their first two
games (+7 against +6): 3 times in 4. 1 - 0.75 = 0.25, at least the 0.2 threshold used here, so
2nd is destiny's child. They have met three times already, so the weights alone keep them
apart (repeat penalty 7 x 4 x floor(6^3 / 27) = 224).
"""

from dataclasses import replace

import pytest

from pairing.cop.contention import assess, build_rules
from pairing.cop.control import Verdict
from pairing.cop.engine import pair_field
from pairing.cop.messages import OVERCONSTRAINED, CopError, render
from pairing.cop.rules import CONTROL_LOSS, FACTOR_3

from .build import fast, make_field

RACE = [(12, 100), (6, 80), (-6, 0), (-8, 0), (-10, 0), (-12, 0)]
MET = [(0, 1)] * 3
CONTROL = fast(control_loss_threshold=0.2)


def test_the_leader_must_play_destinys_child():
    field = make_field(RACE, rounds_left=3, met=MET)
    games, notes = pair_field(field, CONTROL, seed=5)
    assert games == [(0, 1), (2, 3), (4, 5)]
    log = render(notes)
    assert "P2 finishes first in 1000 of 1000 simulations winning out and beating whoever" in log
    assert "destiny's child is P2 (2); the leader may only play P2 (2)." in log
    assert "P1 (1) v P2 (2): penalty 224 (repeat 224, decided by control loss)." in log


def test_control_loss_waits_for_its_activation_round():
    # 9 rounds are complete: activation 10 is not reached yet, activation 9 is.
    field = make_field(RACE, rounds_left=3, met=MET)
    _, notes = pair_field(
        field, fast(control_loss_threshold=0.2, control_loss_activation_round=10), seed=5
    )
    assert "Control loss does not apply: it starts after 10 completed rounds." in render(notes)
    assert "destiny's child" not in render(notes)
    _, notes = pair_field(
        field, fast(control_loss_threshold=0.2, control_loss_activation_round=9), seed=5
    )
    assert "destiny's child is P2 (2); the leader may only play P2 (2)." in render(notes)


def test_control_loss_stays_hard_when_destinys_child_is_already_paired():
    field = make_field(RACE, rounds_left=3, met=MET, prepaired=[(1, 5)])
    with pytest.raises(CopError) as caught:
        pair_field(field, CONTROL, seed=5)
    assert caught.value.code == OVERCONSTRAINED
    assert caught.value.culprits == ("control_loss",)
    assert "P1 (1) would be left without an opponent. Dropping control loss" in str(caught.value)


def _rules_with(field, **changes):
    settings = fast(control_loss_activation_round=changes.pop("activation", 6))
    assessment = replace(assess(field, settings, 5), **changes)
    rules, _ctx, notes = build_rules(field, settings, assessment)
    return rules, render(notes)


EIGHT = [(8, 80), (8, 70), (8, 60), (8, 50), (8, 40), (8, 30), (-20, 0), (-20, -10)]


def _control_partners(field, activation=6):
    rules, _ = _rules_with(field, destiny=Verdict(2, ()), activation=activation)
    return [dict(rule.partners) for rule in rules if rule.name == CONTROL_LOSS]


def test_with_more_than_four_rounds_left_the_player_above_destinys_child_is_allowed_too():
    assert _control_partners(make_field(EIGHT, rounds_left=5)) == [{0: frozenset({1, 2})}]


def test_with_four_rounds_left_only_destinys_child_is_allowed():
    assert _control_partners(make_field(EIGHT, rounds_left=4)) == [{0: frozenset({2})}]


def test_in_the_activation_round_only_destinys_child_is_allowed():
    # 12 - 5 = 7 rounds are complete: the activation round itself.
    assert _control_partners(make_field(EIGHT, rounds_left=5), 7) == [{0: frozenset({2})}]


def _factor3_pairs(field, verdict, hopeful_rank=None):
    assessment = assess(field, fast(control_loss_activation_round=12), 5)
    hope = assessment.hope
    if hopeful_rank is not None:
        hope = replace(hope, hopeful_rank=hopeful_rank)
    rules, notes = _rules_with(field, factor3=verdict, hope=hope, activation=12)
    forced = [rule for rule in rules if rule.name == FACTOR_3]
    pairs = sorted({tuple(sorted((a, *b))) for r in forced for a, b in r.partners.items()})
    return pairs, notes


def test_factor_3_pairs_the_leader_with_a_player_who_would_lose_control():
    pairs, _ = _factor3_pairs(make_field(EIGHT, rounds_left=2), Verdict(2, ()))
    assert pairs == [(0, 2)]


def test_factor_3_pairs_1v4_2v5_3v6_when_4th_to_6th_can_reach_1st_to_3rd():
    hopeful = (0, 0, 0, 0, 1, 2, 7, 7)
    pairs, _ = _factor3_pairs(make_field(EIGHT, rounds_left=2), Verdict(None, ()), hopeful)
    assert pairs == [(0, 3), (1, 4), (2, 5)]


def test_factor_3_needs_6th_to_reach_3rd():
    hopeful = (0, 0, 0, 0, 1, 3, 7, 7)
    pairs, _ = _factor3_pairs(make_field(EIGHT, rounds_left=2), Verdict(None, ()), hopeful)
    assert pairs == []


def test_factor_3_is_skipped_when_one_of_the_six_is_already_paired():
    hopeful = (0, 0, 0, 0, 1, 2, 7, 7)
    field = make_field(EIGHT, rounds_left=2, prepaired=[(4, 7)])
    pairs, notes = _factor3_pairs(field, Verdict(None, ()), hopeful)
    assert pairs == []
    assert "Factor 3 not applied: P1 (1), P2 (2), P3 (3), P4 (4), P5 (5), P6 (6)" in notes


def test_a_tied_top_six_with_two_rounds_left_plays_factor_3():
    # Everyone in the top six can reach any of the top three; 2nd and 3rd gain little from
    # beating the leader now (they finish first about as often under 1v4, 2v5, 3v6).
    records = [(4, 60), (4, 50), (4, 40), (4, 30), (4, 20), (4, 10), (-10, 0), (-10, -10)]
    field = make_field(records, rounds_left=2)
    games, notes = pair_field(field, fast(place_prizes=3, control_loss_activation_round=12), 1)
    assert games == [(0, 3), (1, 4), (2, 5), (6, 7)]
    assert "Factor 3: P1 (1) v P4 (4); P2 (2) v P5 (5); P3 (3) v P6 (6)." in render(notes)
