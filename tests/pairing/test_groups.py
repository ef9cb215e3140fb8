from collections import Counter

from pairing import fontes, quads
from pairing.fontes import draw_groups
from pairing.quads import form_quads

from .builders import byes_of, games, make_field, make_input


def test_quads_group_fours_by_rating():
    assert form_quads(list(range(1, 9))) == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 2}


def test_quads_remainder_of_three_plays_as_a_group_of_three():
    assert Counter(form_quads(list(range(1, 8))).values()) == {1: 4, 2: 3}


def test_quads_remainder_of_one_or_two_joins_the_last_quad():
    assert Counter(form_quads(list(range(1, 10))).values()) == {1: 4, 2: 5}
    assert Counter(form_quads(list(range(1, 11))).values()) == {1: 4, 2: 6}


def test_quads_play_a_three_round_round_robin_in_each_group():
    field = make_field(8)
    rounds = [quads.pair(make_input(field, round_number=r)) for r in (1, 2, 3)]
    assert games(rounds[0]) == {frozenset(g) for g in ({1, 4}, {2, 3}, {5, 8}, {6, 7})}
    assert games(rounds[1]) == {frozenset(g) for g in ({4, 3}, {1, 2}, {8, 7}, {5, 6})}
    assert games(rounds[2]) == {frozenset(g) for g in ({2, 4}, {3, 1}, {6, 8}, {7, 5})}


def test_quads_count_rounds_from_the_start_of_their_plan_step():
    field = make_field(4)
    assert games(quads.pair(make_input(field, round_number=7, round_in_step=2))) == {
        frozenset({4, 3}),
        frozenset({1, 2}),
    }


def test_fontes_groups_take_one_player_from_each_rating_band():
    roster = list(range(1, 13))
    groups = draw_groups(roster, 4, seed=3)
    assert set(groups) == set(roster)
    for band in (roster[0:3], roster[3:6], roster[6:9], roster[9:12]):
        assert sorted(groups[p] for p in band) == [1, 2, 3]


def test_fontes_draw_is_fixed_by_the_seed():
    roster = list(range(1, 17))
    assert draw_groups(roster, 4, seed=5) == draw_groups(roster, 4, seed=5)
    assert len({tuple(sorted(draw_groups(roster, 4, seed=s).items())) for s in range(8)}) > 1


def test_fontes_pairs_a_round_robin_inside_each_group():
    field = make_field(10)
    groups = draw_groups([c.id for c in field], 4, seed=11)
    sizes = Counter(groups.values())
    assert sorted(sizes.values()) == [3, 3, 4]
    met = Counter()
    for r in (1, 2, 3):
        pairings = fontes.pair(make_input(field, round_number=r, groups=groups))
        assert sorted(x for p in pairings for x in p.players) == list(range(1, 11))
        assert len(byes_of(pairings)) == 2  # one bye in each group of three
        for game in games(pairings):
            a, b = game
            assert groups[a] == groups[b]
            met[game] += 1
    assert set(met.values()) == {1}
    assert len(met) == 6 + 3 + 3


def test_quad_member_who_withdrew_leaves_their_opponent_a_bye_and_the_schedule_intact():
    field = make_field(8)
    active = tuple(c for c in field if c.id != 4)
    pairings = quads.pair(make_input(active, round_number=2, roster=tuple(range(1, 9))))
    assert games(pairings) == {frozenset({1, 2}), frozenset({8, 7}), frozenset({5, 6})}
    assert byes_of(pairings) == [3]
