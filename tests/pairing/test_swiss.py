import networkx
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import swiss
from pairing.meetings import Meetings
from pairing.types import PairingSettings

from .builders import byes_of, games, make_field, make_input


def test_swiss_pairs_neighbours_within_a_wins_group():
    field = make_field(6, wins=[3, 3, 3, 3, 1, 1])
    assert games(swiss.pair(make_input(field))) == {
        frozenset({1, 2}),
        frozenset({3, 4}),
        frozenset({5, 6}),
    }


def test_swiss_floats_one_player_down_from_an_odd_wins_group():
    field = make_field(6, wins=[3, 3, 3, 2, 2, 2])
    assert games(swiss.pair(make_input(field))) == {
        frozenset({1, 2}),
        frozenset({3, 4}),
        frozenset({5, 6}),
    }


def test_swiss_avoids_repeat_when_possible():
    field = make_field(4, wins=[2, 2, 1, 1])
    pairings = swiss.pair(make_input(field, history=((1, 2), (3, 4))))
    assert games(pairings) == {frozenset({1, 3}), frozenset({2, 4})}
    assert [p.repeats for p in pairings] == [0, 0]


def test_swiss_repeats_the_least_when_repeats_cannot_be_avoided():
    field = make_field(4)
    history = ((1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3), (1, 2), (3, 4))
    pairings = swiss.pair(make_input(field, history=history))
    assert games(pairings) == {frozenset({1, 3}), frozenset({2, 4})}
    assert [p.repeats for p in pairings] == [1, 1]


def test_swiss_respects_max_repeats_before_counting_repeats():
    # 1-2 met three times; every other pairing means two pairs that met twice each.
    field = make_field(4, wins=[3, 3, 0, 0])
    history = ((1, 2),) * 3 + ((1, 3), (2, 4), (1, 4), (2, 3)) * 2
    at_most_two = PairingSettings(gibsonize=False, max_repeats=2)
    pairings = swiss.pair(make_input(field, history=history, settings=at_most_two))
    assert games(pairings) == {frozenset({1, 3}), frozenset({2, 4})}
    assert [p.repeats for p in pairings] == [2, 2]
    at_most_three = PairingSettings(gibsonize=False, max_repeats=3)
    pairings = swiss.pair(make_input(field, history=history, settings=at_most_three))
    assert games(pairings) == {frozenset({1, 2}), frozenset({3, 4})}
    assert [p.repeats for p in pairings] == [3, 0]


def test_swiss_odd_field_gives_the_bye_to_the_lowest_ranked_with_fewest_byes():
    field = make_field(5)
    assert byes_of(swiss.pair(make_input(field))) == [5]


def test_swiss_window_widens_for_a_player_who_has_met_everyone_nearby():
    # Player 1 has met players 2..9; the nearest fresh opponent is 10, outside a window of 2.
    field = make_field(12, wins=[5] * 12)
    history = tuple((1, j) for j in range(2, 10))
    tight = PairingSettings(gibsonize=False, swiss_window=2, swiss_min_candidates=1)
    edges = swiss.candidate_edges(field, Meetings(history), tight, 2)
    assert (0, 9) in {(a, b) for a, b, _ in edges}
    assert (0, 10) not in {(a, b) for a, b, _ in edges}
    pairings = swiss.pair(make_input(field, history=history, settings=tight))
    assert all(p.repeats == 0 for p in pairings)


@st.composite
def fields_and_histories(draw):
    count = draw(st.integers(min_value=2, max_value=40))
    wins = sorted(draw(st.lists(st.integers(0, 8), min_size=count, max_size=count)), reverse=True)
    field = make_field(count, wins=[float(w) for w in wins])
    ids = [c.id for c in field]
    pairs = st.tuples(st.sampled_from(ids), st.sampled_from(ids)).filter(lambda p: p[0] != p[1])
    history = tuple(draw(st.lists(pairs, max_size=3 * count)))
    return field, history


def repeat_free_pairing_exists(ids, meetings):
    graph = networkx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from(
        (a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if meetings.times(a, b) == 0
    )
    return 2 * len(networkx.max_weight_matching(graph, maxcardinality=True)) == len(ids)


@settings(max_examples=40, deadline=None)
@given(fields_and_histories(), st.integers(min_value=1, max_value=6))
def test_swiss_has_no_repeat_whenever_a_repeat_free_pairing_exists(case, window):
    field, history = case
    tuned = PairingSettings(gibsonize=False, swiss_window=window, swiss_min_candidates=2)
    pairings = swiss.pair(make_input(field, history=history, settings=tuned))
    assert sorted(x for p in pairings for x in p.players) == [c.id for c in field]
    paired = [c.id for c in field if c.id not in byes_of(pairings)]
    if repeat_free_pairing_exists(paired, Meetings(history)):
        assert all(p.repeats == 0 for p in pairings)


def test_swiss_pairs_a_late_entry_from_the_bottom_after_a_withdrawal():
    field = make_field(5, wins=[2, 2, 1, 1, 0])
    active = field[:2] + field[3:]  # player 3 withdrew; player 5 entered late with no games
    pairings = swiss.pair(make_input(active, history=((1, 3), (2, 4))))
    assert games(pairings) == {frozenset({1, 2}), frozenset({4, 5})}
