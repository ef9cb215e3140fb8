"""Gibson groups, the gibsonized bye, top-down byes, pre-paired games and removed players."""

from pairing.cop.engine import pair_field
from pairing.cop.messages import render
from pairing.cop.weights import BYE

from .build import fast, make_field

NO_CONTROL = {"control_loss_activation_round": 12}


def test_no_game_crosses_a_gibson_group():
    # 4 paid, 2 rounds left (a chaser closes at most 8): position 3 cannot catch 2 (gap 12)
    # and 4 cannot catch it (gap 14), so its 4th place is settled. The group 0-2 above it is
    # odd, so it takes 3 in; 4-7 pair among themselves.
    records = [(14, 300), (14, 200), (12, 100), (0, 0), (-14, 0), (-14, -10), (-16, 0), (-16, -9)]
    field = make_field(records, rounds_left=2)
    games, notes = pair_field(field, fast(place_prizes=4, **NO_CONTROL), seed=3)
    groups = [{0, 1, 2, 3}, {4, 5, 6, 7}]
    assert all(any({a, b} <= g for g in groups) for a, b in games)
    assert "Gibson groups: P1 (1), P2 (2), P3 (3), P4 (4) | P5 (5)" in render(notes)


def test_a_gibsonized_leader_outside_the_groups_takes_the_bye():
    records = [(40, 900), (8, 40), (8, 30), (6, 20), (6, 10), (4, 0), (4, -10)]
    field = make_field(records, rounds_left=3)
    games, _ = pair_field(field, fast(place_prizes=3, **NO_CONTROL), seed=3)
    assert (0, BYE) in games


def test_without_gibsonization_the_lowest_player_takes_the_bye():
    records = [(10, 900), (8, 40), (8, 30), (6, 20), (6, 10), (4, 0), (4, -10)]
    field = make_field(records, rounds_left=3)
    games, _ = pair_field(field, fast(place_prizes=3, **NO_CONTROL), seed=3)
    assert (6, BYE) in games


FIVE = [(4, 50), (4, 40), (2, 30), (2, 20), (0, 10)]


def test_top_down_byes_go_to_the_highest_ranked_player_with_fewest_byes():
    field = make_field(FIVE, rounds_left=6, byes={0: 1, 4: 1})
    games, notes = pair_field(field, fast(top_down_byes=True, **NO_CONTROL), seed=3)
    assert (1, BYE) in games
    assert "the bye goes to P2 (2), the highest-ranked with the fewest byes (0)" in render(notes)


def test_without_top_down_byes_the_bye_goes_to_the_bottom():
    field = make_field(FIVE, rounds_left=6, byes={0: 1})
    games, _ = pair_field(field, fast(**NO_CONTROL), seed=3)
    assert (4, BYE) in games


def test_a_second_bye_is_avoided_unless_repeat_byes_are_allowed():
    field = make_field(FIVE, rounds_left=6, byes={4: 1})
    games, _ = pair_field(field, fast(**NO_CONTROL), seed=3)
    assert (3, BYE) in games
    games, _ = pair_field(field, fast(allow_repeat_byes=True, **NO_CONTROL), seed=3)
    assert (4, BYE) in games


def test_pre_paired_games_are_kept_and_the_rest_paired_around_them():
    # The bye is pre-paired too (as TSH does for a withdrawn player's forfeits).
    records = [(6, 60), (6, 50), (4, 40), (4, 30), (2, 20), (2, 10), (0, 0)]
    field = make_field(records, rounds_left=6, prepaired=[(0, 5), (6, 6)])
    games, notes = pair_field(field, fast(**NO_CONTROL), seed=3)
    assert games == [(0, 5), (6, BYE), (1, 2), (3, 4)]
    assert "Kept as paired before COP: P1 (1) v P6 (6); P7 (7) v BYE." in render(notes)
