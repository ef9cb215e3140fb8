"""The final order of a division with a playoff: the bracket's places above the Swiss order.

Pure. The playoff covers places 1..K (K its players): the final's winner is first and its loser
second; with a third-place match its winner is third and its loser fourth. Every other player of
the bracket is placed by the round they went out in (later is better), and inside that group by
their seed (the Swiss order). A player still in the playoff is above everyone already out, so the
order is meaningful while the playoff runs. Players outside the playoff follow in the standings'
own order, their shared ranks kept (moved down past the K places).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .playoffs import Bracket
from .standings import StandingRow


@dataclass(frozen=True, slots=True)
class Place:
    """A bracket player's place (1 best) and whether the playoff has settled it yet."""

    place: int
    number: int
    seed: int
    settled: bool


def playoff_places(state: Bracket) -> list[Place]:
    """The K players of the bracket, best first (see the module)."""
    levels = len(state.levels)
    out_at: dict[int, float] = {}
    for level, matches in enumerate(state.levels):
        for series in matches:
            if series.loser is not None:
                out_at[series.loser] = level
    final, third = state.final, state.third
    if final.decided:
        out_at[final.winner] = levels + 1.0
    if third is not None and third.decided:
        out_at[third.winner] = levels - 2 + 0.5
    top = state.stage.top
    alive = float(levels)
    order = sorted(range(1, top + 1), key=lambda seed: (-out_at.get(seed, alive), seed))
    settled = _settled(state, out_at)
    return [
        Place(place, state.number(seed), seed, seed in settled)
        for place, seed in enumerate(order, start=1)
    ]


def _settled(state: Bracket, out_at: dict[int, float]) -> set[int]:
    """Seeds whose place cannot change: all of them once every series is decided; before that
    those out before the semi-finals (their group and its seed order are final) and, without a
    third-place match, the semi-final losers."""
    if state.finished:
        return set(out_at)
    semis = len(state.levels) - 2
    cut = semis if state.third is not None else semis + 1
    return {seed for seed, level in out_at.items() if level < cut}


def playoff_standings(rows: list[StandingRow], places: list[Place]) -> list[StandingRow]:
    """``rows`` (the standings) with the bracket's players first in their places (ranks 1..K)
    and every other row after them in its own order (see the module)."""
    by_number = {row.player: row for row in rows}
    placed = [replace(by_number[p.number], rank=p.place) for p in places if p.number in by_number]
    numbers = {p.number for p in places}
    rest = [row for row in rows if row.player not in numbers]
    shift = len(placed)
    moved, previous_rank, rank = [], None, 0
    for position, row in enumerate(rest, start=1):
        if row.rank != previous_rank:
            rank, previous_rank = shift + position, row.rank
        moved.append(replace(row, rank=rank))
    return placed + moved
