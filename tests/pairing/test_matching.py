"""Minimum-penalty matching (rustworkx) against networkx's blossom as an independent reference."""

import itertools

import networkx
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.matching import min_penalty_matching
from pairing.meetings import Meetings
from pairing.swiss import candidate_edges
from pairing.types import PairingSettings

from .builders import make_field


def total(edges, pairs) -> int:
    penalty = {(a, b): p for a, b, p in edges}
    return sum(penalty[min(a, b), max(a, b)] for a, b in pairs)


def networkx_least_penalty(node_count: int, edges) -> int | None:
    """The least total penalty of a perfect matching, by networkx; None when there is none."""
    ceiling = max((p for _, _, p in edges), default=0) + 1
    graph = networkx.Graph()
    graph.add_nodes_from(range(node_count))
    graph.add_weighted_edges_from((a, b, ceiling - p) for a, b, p in edges)
    matched = networkx.max_weight_matching(graph, maxcardinality=True)
    return total(edges, matched) if 2 * len(matched) == node_count else None


@st.composite
def graphs(draw):
    node_count = draw(st.integers(min_value=0, max_value=10))
    pairs = list(itertools.combinations(range(node_count), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    edges = [(a, b, draw(st.integers(min_value=0, max_value=10_000))) for a, b in chosen]
    return node_count, edges


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_matching_reaches_the_least_total_penalty_networkx_finds(graph):
    node_count, edges = graph
    pairs = min_penalty_matching(node_count, edges)
    expected = networkx_least_penalty(node_count, edges)
    if expected is None:
        assert pairs is None
        return
    assert sorted(node for pair in pairs for node in pair) == list(range(node_count))
    assert total(edges, pairs) == expected


@st.composite
def swiss_candidate_games(draw):
    """The candidate games Swiss pairing hands to the matching, after a random history."""
    field = make_field(2 * draw(st.integers(min_value=1, max_value=30)))
    ids = [c.id for c in field]
    meetings = st.tuples(st.sampled_from(ids), st.sampled_from(ids)).filter(lambda p: p[0] != p[1])
    history = tuple(draw(st.lists(meetings, max_size=3 * len(ids))))
    swiss = PairingSettings(gibsonize=False)
    return len(field), candidate_edges(field, Meetings(history), swiss, swiss.swiss_window)


@settings(max_examples=30, deadline=None)
@given(swiss_candidate_games())
def test_matching_on_swiss_candidate_games_reaches_the_networkx_total(graph):
    node_count, edges = graph
    pairs = min_penalty_matching(node_count, edges)
    found = None if pairs is None else total(edges, pairs)
    assert found == networkx_least_penalty(node_count, edges)
