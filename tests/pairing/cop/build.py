"""Hand-built COP fields and requests for the tests."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from pairing.cop.request import CopRequest
from pairing.cop.settings import CopSettings
from pairing.cop.standings import Field, Standing, count_meetings

# Few simulations: the hand-built races are clear-cut, and the suite must stay fast.
FAST = CopSettings(place_prizes=1, division_sims=2000, control_loss_sims=1000)


def make_field(
    records: list[tuple[int, int]],
    *,
    rounds_left: int,
    total_rounds: int = 12,
    met: list[tuple[int, int]] = (),
    last: list[tuple[int, int]] = (),
    prepaired: list[tuple[int, int]] = (),
    classes: str = "",
    byes: dict[int, int] | None = None,
) -> Field:
    """Positions in the order given: ``records[p] = (twice wins minus losses, spread)``, named
    P1, P2, ...; ``met`` lists past games, ``last`` last round's, ``prepaired`` this round's."""
    byes = byes or {}
    standings = tuple(
        Standing(p, f"P{p + 1}", classes[p] if classes else "", wl2, spread, byes.get(p, 0))
        for p, (wl2, spread) in enumerate(records)
    )
    opponents = {}
    for a, b in prepaired:
        opponents[a], opponents[b] = b, a
    return Field(
        standings=standings,
        meetings=count_meetings([*met, *last]),
        last_opponent=MappingProxyType({**{a: b for a, b in last}, **{b: a for a, b in last}}),
        prepaired=MappingProxyType(opponents),
        rounds_left=rounds_left,
        rounds_played=total_rounds - rounds_left,
        total_rounds=total_rounds,
    )


def fast(**changes) -> CopSettings:
    """``FAST`` with some settings changed."""
    return replace(FAST, **changes)


def request_dict(**changes) -> dict:
    """A valid 4-player request after one round: A beat B 450-350, C beat D 400-390; 3 rounds
    left, control loss not active yet (from 4 completed rounds)."""
    data = {
        "pair_method": "COP",
        "player_names": ["A", "B", "C", "D"],
        "player_classes": [0, 0, 0, 0],
        "division_pairings": [{"pairings": [1, 0, 3, 2]}],
        "division_results": [{"results": [450, 350, 400, 390]}],
        "rounds": 4,
        "place_prizes": 1,
        "gibson_spread": 250,
        "hopefulness_threshold": 0.1,
        "control_loss_threshold": 0.25,
        "division_sims": 2000,
        "control_loss_sims": 500,
        "control_loss_activation_round": 4,
        "seed": 7,
    }
    data.update(changes)
    return data


def check_valid_pairing(request: CopRequest, pairings: tuple[int, ...]) -> None:
    """Symmetric, each active player once, removed players unpaired, pre-paired games kept,
    and a new bye exactly when the players still to pair are odd."""
    size = len(request.names)
    assert len(pairings) == size
    prepaired = request.pairings[-1] if len(request.pairings) > len(request.results) else ()
    new_byes = 0
    for p in range(size):
        if p in request.removed:
            assert pairings[p] == -1
            continue
        q = pairings[p]
        assert 0 <= q < size and q not in request.removed
        assert pairings[q] == p  # symmetric, so each player appears exactly once
        if prepaired and prepaired[p] != -1:
            assert q == prepaired[p]
        elif q == p:
            new_byes += 1
    to_pair = [
        p
        for p in range(size)
        if p not in request.removed and not (prepaired and prepaired[p] != -1)
    ]
    assert new_byes == len(to_pair) % 2
