"""Step 1: the standings COP works from, and the field as positions in them.

Inside the core a player is their position in the standings (0 is first); ``Standing.player``
keeps the request's index (or the competitor id) to translate back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .request import CopRequest
from .validate import UNPAIRED, history, round_to_pair


@dataclass(frozen=True, slots=True)
class Standing:
    """One active player's record. ``wl2`` is twice wins minus losses (a tie adds nothing)."""

    player: int
    name: str
    klass: str
    wl2: int
    spread: int
    byes: int


@dataclass(frozen=True, slots=True)
class Field:
    """The division before the round to pair, by standings position.

    ``meetings`` counts games between positions ``(i, j)`` with ``i < j``; ``last_opponent``
    is each position's opponent in the last completed round; ``prepaired`` maps positions
    already paired this round to their opponent (themselves for a bye). ``pending``: the games
    (``(a, a)`` for a bye) of the first complete round still without results, if any: the
    simulations play it as paired before anything else.
    """

    standings: tuple[Standing, ...]
    meetings: Mapping[tuple[int, int], int]
    last_opponent: Mapping[int, int]
    prepaired: Mapping[int, int]
    rounds_left: int
    rounds_played: int
    total_rounds: int
    rounds_paired: int | None = None
    pending: tuple[tuple[int, int], ...] = ()

    @property
    def completed(self) -> int:
        """Complete rounds, scored or not (``rounds_paired``; by default the scored ones): the
        activation and last-quarter tests count these."""
        return self.rounds_played if self.rounds_paired is None else self.rounds_paired

    @property
    def size(self) -> int:
        """Active players."""
        return len(self.standings)

    @property
    def to_pair(self) -> tuple[int, ...]:
        """Positions still to pair this round, best first."""
        return tuple(p for p in range(self.size) if p not in self.prepaired)

    def met(self, a: int, b: int) -> int:
        """How often positions ``a`` and ``b`` have played each other."""
        return self.meetings.get((min(a, b), max(a, b)), 0)


def rank_key(wl2: int, spread: int, player: int) -> tuple[int, int, int]:
    """Wins minus losses, then spread; remaining ties: the higher player index first (the Go
    service's convention, which real requests are built for)."""
    return (-wl2, -spread, -player)


def field_from_request(request: CopRequest) -> Field:
    """The field of a validated request: records from the scored rounds, ranked; repeats, byes
    and last round's opponents from every complete round (scored or not). A removed player's
    games count for their opponents; the removed player is left out."""
    removed = set(request.removed)
    active = [p for p in range(len(request.names)) if p not in removed]
    wl2 = dict.fromkeys(active, 0)
    spread = dict.fromkeys(active, 0)
    for pairings, results in zip(request.pairings, request.results, strict=False):
        for p in active:
            q = pairings[p]
            if q == UNPAIRED:
                continue
            margin = results[p] if q == p else results[p] - results[q]
            wl2[p] += 2 * ((margin > 0) - (margin < 0))
            spread[p] += margin
    complete = history(request)
    byes = {p: sum(rnd[p] == p for rnd in complete) for p in active}
    order = sorted(active, key=lambda p: rank_key(wl2[p], spread[p], p))
    position = {p: i for i, p in enumerate(order)}
    classes = request.classes or ("",) * len(request.names)
    standings = tuple(
        Standing(p, request.names[p], classes[p], wl2[p], spread[p], byes[p]) for p in order
    )
    current = round_to_pair(request) or ()
    return Field(
        standings=standings,
        meetings=count_meetings(
            (position[p], position[q])
            for rnd in complete
            for p, q in enumerate(rnd)
            if p < q and p in position and q in position
        ),
        last_opponent=_opponents(complete[-1], position) if complete else MappingProxyType({}),
        prepaired=_opponents(current, position),
        rounds_left=request.rounds - len(request.results),
        rounds_played=len(request.results),
        total_rounds=request.rounds,
        rounds_paired=len(complete),
        pending=_games(complete[len(request.results)], position)
        if len(complete) > len(request.results)
        else (),
    )


def _games(pairings: tuple[int, ...], position: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    """One round's games by position between active players (``(a, a)``: a bye)."""
    found = set()
    for p, q in enumerate(pairings):
        if p in position and q in position:
            a, b = sorted((position[p], position[q]))
            found.add((a, b))
    return tuple(sorted(found))


def count_meetings(pairs: Iterable[tuple[int, int]]) -> Mapping[tuple[int, int], int]:
    """Games per pair of positions ``(i, j)``, ``i < j``."""
    counts: dict[tuple[int, int], int] = {}
    for a, b in pairs:
        if a != b:
            key = (min(a, b), max(a, b))
            counts[key] = counts.get(key, 0) + 1
    return MappingProxyType(counts)


def _opponents(pairings: tuple[int, ...], position: Mapping[int, int]) -> Mapping[int, int]:
    """Opponents by position in one round, leaving out the unpaired (and removed)."""
    return MappingProxyType(
        {
            position[p]: position[q]
            for p, q in enumerate(pairings)
            if q != UNPAIRED and p in position and q in position
        }
    )
