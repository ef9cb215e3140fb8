"""The final round: king of the hill among cash contenders and among class-prize contenders.

Eight players, one round left, two places paid. Positions 0 and 1 (twice W-L 10) and 2 and 3
(8) can still cash; 4 and below (0 or less) cannot reach 10. Positions 0 and 1 have met twice,
so the weights alone would split them; king of the hill pairs them anyway.
"""

from pairing.cop.engine import pair_field
from pairing.cop.messages import render
from pairing.cop.weights import BYE

from .build import fast, make_field

RECORDS = [(10, 300), (10, 200), (8, 100), (8, 50), (0, 0), (0, -50), (-2, -100), (-2, -200)]


def test_cash_contenders_play_king_of_the_hill_despite_repeats():
    field = make_field(RECORDS, rounds_left=1, met=[(0, 1), (0, 1)])
    games, notes = pair_field(field, fast(place_prizes=2), seed=1)
    assert games == [(0, 1), (2, 3), (4, 5), (6, 7)]
    log = render(notes)
    assert "king of the hill among the cash contenders: P1 (1) v P2 (2); P3 (3) v P4 (4)" in log
    # In the final round rank difference counts for everyone (it is zeroed only before it).
    assert "P1 (1) v P2 (2): penalty 217 (rank difference 1, repeat 216, decided by final-r" in log


def test_before_the_final_round_the_same_field_is_paired_by_weights():
    field = make_field(RECORDS, rounds_left=2, met=[(0, 1), (0, 1)])
    games, _ = pair_field(field, fast(place_prizes=2, control_loss_activation_round=12), seed=1)
    assert (0, 1) not in games


def test_class_prize_contenders_play_king_of_the_hill():
    # Class B: positions 4, 6 and 7; one prize. With one round left a chaser closes at most 4
    # of twice W-L: 6 can still catch 4 (gap 2), 7 cannot (gap 6). So 4 plays 6, 5 plays 7.
    records = [*RECORDS[:6], (-2, -100), (-6, -200)]
    field = make_field(records, rounds_left=1, classes="AAAABABB")
    games, notes = pair_field(field, fast(place_prizes=2, class_prizes={"B": 1}), seed=1)
    assert games == [(0, 1), (2, 3), (4, 6), (5, 7)]
    assert "class B prize king of the hill: P5 (5) v P7 (7)" in render(notes)


def test_without_class_prizes_the_class_plays_by_weights():
    records = [*RECORDS[:6], (-2, -100), (-6, -200)]
    field = make_field(records, rounds_left=1, classes="AAAABABB")
    games, _ = pair_field(field, fast(place_prizes=2), seed=1)
    assert games == [(0, 1), (2, 3), (4, 5), (6, 7)]


def test_gibsonized_players_are_skipped_by_king_of_the_hill():
    # Position 0 is 6 games clear: gibsonized, outside the groups, so it takes the bye of
    # the odd field; 1v2 is the king-of-the-hill game for 2nd.
    records = [(30, 900), (10, 200), (10, 100), (2, 0), (0, 0)]
    field = make_field(records, rounds_left=1)
    games, notes = pair_field(field, fast(place_prizes=2), seed=1)
    assert games == [(0, BYE), (1, 2), (3, 4)]
    assert "only P1 (1) may have the bye" in render(notes)
