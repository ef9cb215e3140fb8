from pairing import factor, initial, koth, queen
from pairing.factor import factor_pairs
from pairing.types import PairingSettings

from .builders import make_field, make_input


def pairs(pairings):
    return [(p.first, p.second) for p in pairings]


def test_king_of_the_hill_pairs_one_two_three_four():
    assert pairs(koth.pair(make_input(make_field(6)))) == [(1, 2), (3, 4), (5, 6)]


def test_king_of_the_hill_allows_repeats_and_reports_them():
    pairings = koth.pair(make_input(make_field(2), history=((1, 2), (2, 1))))
    assert [p.repeats for p in pairings] == [2]


def test_queen_of_the_hill_pairs_one_three_and_two_four_in_each_group_of_four():
    assert pairs(queen.pair(make_input(make_field(10)))) == [
        (1, 3),
        (2, 4),
        (5, 7),
        (6, 8),
        (9, 10),
    ]


def test_factor_pairs_one_against_one_plus_f_in_blocks():
    assert factor_pairs([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3) == [
        (1, 4),
        (2, 5),
        (3, 6),
        (7, 9),
        (8, 10),
    ]
    assert factor_pairs([1, 2, 3, 4], 1) == [(1, 2), (3, 4)]


def test_factor_uses_the_division_setting_and_sets_aside_the_bye():
    field = make_field(9)
    ri = make_input(field, settings=PairingSettings(gibsonize=False, factor=2))
    assert pairs(factor.pair(ri)) == [(1, 3), (2, 4), (5, 7), (6, 8), (9, None)]


def test_seeded_first_round_pairs_top_half_against_bottom_half_by_rating():
    field = tuple(reversed(make_field(6)))  # standings order must not matter, ratings do
    assert pairs(initial.pair_seeded(make_input(field))) == [(1, 4), (2, 5), (3, 6)]


def test_random_first_round_is_fixed_by_the_seed():
    field = make_field(8)
    one = pairs(initial.pair_random(make_input(field, seed=7)))
    assert one == pairs(initial.pair_random(make_input(field, seed=7)))
    assert sorted(x for p in one for x in p) == list(range(1, 9))
    others = {tuple(pairs(initial.pair_random(make_input(field, seed=s)))) for s in range(10)}
    assert len(others) > 1
