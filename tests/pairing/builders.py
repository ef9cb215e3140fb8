"""Factories for pairing tests: fields in standings order and round inputs."""

from __future__ import annotations

from dataclasses import replace

from pairing.types import Competitor, PairingSettings, RoundInput


def make_field(
    count: int, *, wins: list[float] | None = None, start_id: int = 1
) -> tuple[Competitor, ...]:
    """``count`` players in standings order: ids from ``start_id``, ratings falling by 10."""
    field = []
    for place in range(count):
        won = wins[place] if wins else float(count - place)
        field.append(
            Competitor(
                id=start_id + place,
                rank=place + 1,
                wins=won,
                losses=0.0,
                spread=(count - place) * 10,
                rating=2000 - 10 * place,
            )
        )
    return tuple(field)


def make_input(
    field: tuple[Competitor, ...],
    *,
    round_number: int = 1,
    total_rounds: int = 10,
    history: tuple[tuple[int, int | None], ...] = (),
    settings: PairingSettings | None = None,
    **extra,
) -> RoundInput:
    """A round input with gibsonization off unless settings say otherwise."""
    return RoundInput(
        round_number=round_number,
        total_rounds=total_rounds,
        competitors=field,
        history=history,
        settings=settings or PairingSettings(gibsonize=False),
        **extra,
    )


def with_byes(field: tuple[Competitor, ...], byes: dict[int, int]) -> tuple[Competitor, ...]:
    """The field with some players' bye counts set."""
    return tuple(replace(c, byes=byes.get(c.id, c.byes)) for c in field)


def games(pairings) -> set[frozenset[int]]:
    """The games of a pairing list as unordered pairs (byes left out)."""
    return {frozenset(p.players) for p in pairings if p.second is not None}


def byes_of(pairings) -> list[int]:
    """The players who have a bye."""
    return [p.first for p in pairings if p.second is None]
