"""When the hard rules allow no pairing, the error names the rule(s) to drop."""

import pytest

from pairing.cop import rules as r
from pairing.cop.contention import assess, build_rules
from pairing.cop.engine import pair_field, pair_request
from pairing.cop.messages import OVERCONSTRAINED, CopError, render
from pairing.cop.request import read_request
from pairing.cop.rules import Rule, forcing
from pairing.cop.solve import solve
from pairing.cop.weights import BYE

from .build import fast, make_field, request_dict

# Final round, two places paid, top-down byes: the bye goes to 1st (no bye yet, highest rank),
# who is taken out of the king-of-the-hill walk, so 2nd and 3rd meet instead.
FINAL = [(10, 50), (10, 40), (8, 30), (0, 0), (-2, 0)]


def test_a_top_down_bye_takes_its_recipient_out_of_king_of_the_hill():
    games, notes = pair_field(
        make_field(FINAL, rounds_left=1), fast(place_prizes=2, top_down_byes=True), seed=2
    )
    assert games == [(0, BYE), (1, 2), (3, 4)]
    assert "king of the hill among the cash contenders: P2 (2) v P3 (3)." in render(notes)


def test_the_same_final_round_without_top_down_byes_pairs_1st_and_2nd():
    games, _ = pair_field(make_field(FINAL, rounds_left=1), fast(place_prizes=2), seed=2)
    assert games[0] == (0, 1)


def test_the_response_carries_the_overconstrained_message_and_log():
    # Round 4 of 6 for four players: A 3-0, B 2-1, C 1-2, D 0-3, and B v D is already paired.
    # With a control loss threshold of 0 the first contender, B, is destiny's child (meeting
    # the leader cannot hurt them), so A may only play B, who is taken: OVERCONSTRAINED.
    data = request_dict(
        rounds=6,
        player_classes=[],
        division_pairings=[
            {"pairings": [1, 0, 3, 2]},
            {"pairings": [2, 3, 0, 1]},
            {"pairings": [3, 2, 1, 0]},
            {"pairings": [-1, 3, -1, 1]},
        ],
        division_results=[
            {"results": [400, 300, 400, 300]},
            {"results": [400, 400, 300, 300]},
            {"results": [400, 400, 300, 300]},
        ],
        control_loss_threshold=0,
        control_loss_activation_round=0,
    )
    response = pair_request(read_request(data))
    assert response.error_code == OVERCONSTRAINED
    assert response.pairings == ()
    text = response.error.render()
    assert text.startswith("COP cannot pair this round: with every hard constraint, A (1)")
    assert "Dropping control loss for this round would allow a pairing" in text
    assert render(response.notes).endswith(text)


def test_the_diagnosis_names_control_loss_when_its_only_opponent_is_forced_elsewhere():
    field = make_field([(6, 0), (4, 0), (2, 0), (0, 0)], rounds_left=3)
    settings = fast()
    _, ctx, _ = build_rules(field, settings, assess(field, settings, 1))
    rules = [
        Rule(r.CONTROL_LOSS, {0: frozenset({1})}),
        forcing(r.CLASS_KOTH, [(1, 2)], ()),
    ]
    with pytest.raises(CopError) as caught:
        solve([0, 1, 2, 3], ctx, rules)
    assert "P1 (1), P4 (4) would be left without an opponent" in str(caught.value)
    assert "any one of: control loss, final-round class-prize king of the hill" in str(caught.value)
