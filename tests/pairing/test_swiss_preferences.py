"""What Swiss prefers, tier by tier: score groups (half wins count), fresh opponents over repeats
even when repeats are allowed, the candidate window's exact reach, and widening it until every
avoidable repeat is gone."""

from __future__ import annotations

import networkx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing import swiss
from pairing.meetings import Meetings
from pairing.types import PairingSettings

from .builders import games, make_field, make_input

NO_GIBSON = PairingSettings(gibsonize=False)


def pairs(field, history=(), **options):
    tuned = PairingSettings(gibsonize=False, **options)
    return swiss.pair(make_input(field, history=history, settings=tuned))


# --- score groups in events with tied games ----------------------------------------------------


def test_players_half_a_win_apart_are_in_different_score_groups():
    # Players 1-2 have 1.5 wins, 3-6 have 1. Cy (3) has met Di (4) and Ed (5). Pairing 1v3 and
    # 2v4 would be closer in the standings, but crosses score groups twice; the groups stay apart.
    field = make_field(6, wins=[1.5, 1.5, 1.0, 1.0, 1.0, 1.0])
    pairings = pairs(field, history=((3, 4), (3, 5)))
    assert games(pairings) == {frozenset({1, 2}), frozenset({3, 6}), frozenset({4, 5})}
    assert [p.repeats for p in pairings] == [0, 0, 0]


def test_half_a_win_costs_one_score_group_step_and_a_whole_win_two():
    a, b, c, d = make_field(4, wins=[2.0, 1.5, 1.0, 1.0])
    same = swiss.penalty(c, d, 1, 0, 0)
    assert same == 1
    assert swiss.penalty(b, c, 1, 0, 0) == swiss.WIN_WEIGHT + 1
    assert swiss.penalty(a, b, 1, 0, 0) == swiss.WIN_WEIGHT + 1
    assert swiss.penalty(a, c, 2, 0, 0) == 4 * swiss.WIN_WEIGHT + 4
    # The penalty is symmetric: the difference in wins counts the same both ways.
    assert swiss.penalty(c, a, 2, 0, 0) == swiss.penalty(a, c, 2, 0, 0)


def test_a_half_win_gap_outweighs_any_distance_inside_a_score_group():
    field = make_field(4, wins=[1.5, 1.0, 1.0, 1.0])
    across = swiss.penalty(field[0], field[1], 1, 0, 0)
    inside = swiss.penalty(field[1], field[3], swiss.MAX_COUNTED_RANKS - 1, 0, 0)
    assert across > inside


# --- repeats: never free, even when allowed ----------------------------------------------------


def test_a_repeat_costs_more_than_a_fresh_game_at_equal_closeness_when_repeats_are_allowed():
    a, b = make_field(2, wins=[3.0, 3.0])
    for allowed in (1, 2):
        fresh = swiss.penalty(a, b, 1, 0, allowed)
        assert swiss.penalty(a, b, 1, 1, allowed) == fresh + swiss.REPEAT_WEIGHT
        assert swiss.penalty(a, b, 1, allowed, allowed) == fresh + allowed * swiss.REPEAT_WEIGHT


def test_with_repeats_allowed_a_fresh_opponent_is_still_preferred():
    field = make_field(4, wins=[2.0, 2.0, 2.0, 2.0])
    for allowed in (1, 2, 3):
        pairings = pairs(field, history=((1, 2), (3, 4)), max_repeats=allowed)
        assert games(pairings) == {frozenset({1, 3}), frozenset({2, 4})}
        assert [p.repeats for p in pairings] == [0, 0]


def test_with_repeats_allowed_the_pair_met_less_often_is_preferred():
    field = make_field(4, wins=[2.0, 2.0, 2.0, 2.0])
    # 1-2 and 3-4 met twice, 1-3 and 2-4 once, 1-4 and 2-3 once: 1v3/2v4 and 1v4/2v3 tie on
    # repeats and the standings decide; both beat the twice-met pairs.
    history = ((1, 2), (1, 2), (3, 4), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3))
    pairings = pairs(field, history=history, max_repeats=2)
    assert games(pairings) == {frozenset({1, 3}), frozenset({2, 4})}
    assert [p.repeats for p in pairings] == [1, 1]


def test_meeting_exactly_max_repeats_times_is_allowed_one_more_is_excess():
    a, b = make_field(2, wins=[3.0, 3.0])
    base = swiss.penalty(a, b, 1, 0, 0)
    assert swiss.penalty(a, b, 1, 2, 2) == base + 2 * swiss.REPEAT_WEIGHT
    assert swiss.penalty(a, b, 1, 3, 2) == base + swiss.EXCESS_WEIGHT + 3 * swiss.REPEAT_WEIGHT


# --- the caps that keep penalties inside 64 bits -----------------------------------------------


def test_penalty_caps_count_up_to_each_cap_and_no_further():
    a, b = make_field(2, wins=[20.0, 0.0])
    same_a, same_b = make_field(2, wins=[3.0, 3.0])
    meetings_cap, ranks_cap = swiss.MAX_COUNTED_MEETINGS, swiss.MAX_COUNTED_RANKS
    at = swiss.penalty(same_a, same_b, 1, meetings_cap, 0)
    assert swiss.penalty(same_a, same_b, 1, meetings_cap - 1, 0) < at
    assert swiss.penalty(same_a, same_b, 1, meetings_cap + 1, 0) == at
    assert at == meetings_cap * (swiss.EXCESS_WEIGHT + swiss.REPEAT_WEIGHT) + 1
    at = swiss.penalty(same_a, same_b, ranks_cap, 0, 0)
    assert swiss.penalty(same_a, same_b, ranks_cap - 1, 0, 0) < at == ranks_cap**2
    assert swiss.penalty(same_a, same_b, ranks_cap + 1, 0, 0) == at
    # 20 wins apart is 40 half wins, counted as the cap of 20.
    capped = swiss.MAX_COUNTED_HALF_WINS**2 * swiss.WIN_WEIGHT + 1
    assert swiss.penalty(a, b, 1, 0, 0) == capped
    a9, b0 = make_field(2, wins=[9.5, 0.0])  # 19 half wins: below the cap
    assert swiss.penalty(a9, b0, 1, 0, 0) == 19**2 * swiss.WIN_WEIGHT + 1


# --- the candidate window ----------------------------------------------------------------------


def distances(edges):
    return sorted({j - i for i, j, _ in edges})


def test_candidate_window_reaches_exactly_window_places_either_side():
    field = make_field(10, wins=[4.0] * 10)
    for window in (1, 2, 3):
        tight = PairingSettings(gibsonize=False, swiss_window=window, swiss_min_candidates=1)
        edges = swiss.candidate_edges(field, Meetings(()), tight, window)
        assert distances(edges) == list(range(1, window + 1))
        assert len(edges) == sum(10 - d for d in range(1, window + 1))


def test_candidate_window_stretches_until_exactly_min_candidates_fresh_opponents():
    field = make_field(10, wins=[4.0] * 10)
    # Player 1 has met players 2-4; with a window of 1 and two fresh opponents wanted, player
    # 1's candidates run to player 6 (fresh: 5 and 6) and no further.
    history = ((1, 2), (1, 3), (1, 4))
    tuned = PairingSettings(gibsonize=False, swiss_window=1, swiss_min_candidates=2)
    edges = swiss.candidate_edges(field, Meetings(history), tuned, 1)
    reach = {j for i, j, _ in edges if i == 0}
    assert reach == {1, 2, 3, 4, 5}


def test_window_widens_past_one_avoidable_repeat():
    # With one place either side, 4 (whose only candidate neighbour is 3) leaves 1-2 together,
    # a repeat; widening lets 2 play 4 and the repeat disappears.
    field = make_field(4, wins=[2.0, 2.0, 2.0, 2.0])
    pairings = pairs(field, history=((1, 2),), swiss_window=1, swiss_min_candidates=1)
    assert games(pairings) == {frozenset({1, 3}), frozenset({2, 4})}
    assert [p.repeats for p in pairings] == [0, 0]


@st.composite
def crowded_histories(draw):
    """Fields whose neighbours in the standings have met a lot (the case a window misses)."""
    count = draw(st.sampled_from([4, 6, 8, 10, 12]))
    wins = sorted(draw(st.lists(st.integers(0, 4), min_size=count, max_size=count)), reverse=True)
    field = make_field(count, wins=[float(w) for w in wins])
    near = st.tuples(st.integers(0, count - 1), st.integers(1, 3)).map(
        lambda t: (t[0] + 1, min(count, t[0] + 1 + t[1]))
    )
    history = tuple(p for p in draw(st.lists(near, min_size=1, max_size=2 * count)) if p[0] != p[1])
    return field, history


def repeat_free_pairing_exists(ids, meetings):
    graph = networkx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from(
        (a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if meetings.times(a, b) == 0
    )
    return 2 * len(networkx.max_weight_matching(graph, maxcardinality=True)) == len(ids)


@settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(crowded_histories(), st.integers(1, 3), st.integers(1, 3))
def test_no_repeat_is_left_where_a_repeat_free_pairing_exists(case, window, candidates):
    field, history = case
    pairings = pairs(field, history=history, swiss_window=window, swiss_min_candidates=candidates)
    assert sorted(x for p in pairings for x in p.players) == [c.id for c in field]
    if repeat_free_pairing_exists([c.id for c in field], Meetings(history)):
        assert [p.repeats for p in pairings] == [0] * len(pairings)


@pytest.mark.timeout(5)
@pytest.mark.parametrize("count", [1, 3, 5])
def test_an_odd_field_is_refused_not_widened_for_ever(count):
    field = make_field(count, wins=[1.0] * count)
    with pytest.raises(ValueError, match=f"not {count} players"):
        swiss.swiss_pairs(field, Meetings(()), NO_GIBSON)


def test_an_empty_field_has_no_games():
    assert swiss.swiss_pairs((), Meetings(()), NO_GIBSON) == []
