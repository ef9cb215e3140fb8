"""Minimum-penalty perfect matching, solved by rustworkx's blossom implementation."""

from __future__ import annotations

from collections.abc import Sequence

import rustworkx


def min_penalty_matching(
    node_count: int, edges: Sequence[tuple[int, int, int]]
) -> list[tuple[int, int]] | None:
    """Pair nodes ``0..node_count-1`` so the summed penalty of the chosen edges is least.

    ``edges`` are ``(a, b, penalty)`` with non-negative integer penalties. Returns the pairs
    ``(a, b)`` with ``a < b`` sorted, or ``None`` when the edges allow no perfect matching.
    rustworkx maximises integer weight, so each penalty becomes ``ceiling - penalty``; with
    ``max_cardinality`` every perfect matching has the same number of edges, hence the same
    sum of ceilings, and the heaviest one is the least penalised.
    """
    if node_count == 0:
        return []
    if node_count % 2:
        return None
    ceiling = max((penalty for _, _, penalty in edges), default=0) + 1
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(node_count))
    graph.add_edges_from([(a, b, ceiling - penalty) for a, b, penalty in edges])
    matched = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matched) != node_count:
        return None
    return sorted((min(a, b), max(a, b)) for a, b in matched)
