"""When the hard rules allow no pairing, the error names the rule(s) to drop."""

import pytest

from tournaments.pairing.cop import rules as r
from tournaments.pairing.cop.contention import assess, build_rules
from tournaments.pairing.cop.engine import pair_field, pair_request
from tournaments.pairing.cop.messages import OVERCONSTRAINED, CopError, render
from tournaments.pairing.cop.request import read_request
from tournaments.pairing.cop.rules import Rule, forcing
from tournaments.pairing.cop.solve import solve

from .build import fast, make_field, request_dict

# Final round, two places paid: 1st and 2nd must meet (king of the hill), but top-down byes
# give the odd field's bye to 1st, the highest-ranked player with no bye.
FINAL = [(10, 50), (10, 40), (8, 30), (0, 0), (-2, 0)]
EXPECTED = (
    "COP cannot pair this round: with every hard constraint, P1 (1), P2 (2) would be left without an "
    "opponent. Dropping any one of: top-down byes, final-round king of the hill among the cash "
    "contenders for this round would allow a pairing; otherwise pair these players by hand."
)


def test_king_of_the_hill_against_a_top_down_bye_is_overconstrained():
    field = make_field(FINAL, rounds_left=1)
    with pytest.raises(CopError) as caught:
        pair_field(field, fast(place_prizes=2, top_down_byes=True), seed=2)
    assert caught.value.code == OVERCONSTRAINED
    assert str(caught.value) == EXPECTED


def test_the_same_final_round_without_top_down_byes_pairs():
    games, _ = pair_field(make_field(FINAL, rounds_left=1), fast(place_prizes=2), seed=2)
    assert games[0] == (0, 1)


def test_the_response_carries_the_overconstrained_message_and_log():
    # Round 4 of 4 for five players, after the same round three times: C (+3, +240) and E
    # (+3, three byes, +150) lead; king of the hill pairs them, top-down byes give C the bye.
    data = request_dict(
        player_names=["A", "B", "C", "D", "E"],
        player_classes=[],
        division_pairings=[{"pairings": [1, 0, 3, 2, 4]}] * 3,
        division_results=[{"results": [400, 390, 380, 300, 50]}] * 3,
        place_prizes=2,
        top_down_byes=True,
        division_sims=1000,
    )
    response = pair_request(read_request(data))
    assert response.error_code == OVERCONSTRAINED
    assert response.pairings == ()
    text = response.error.render()
    assert "C (1), E (2) would be left without an opponent" in text
    assert "any one of: top-down byes, final-round king of the hill" in text
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
