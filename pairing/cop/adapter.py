"""COP as a pairing system of the registry: a ``RoundInput`` in, ``PairingOut`` games out.

The competitors' order is the standings order; fixed pairs are COP's pre-paired games (kept,
and left out of the answer since ``pair_round`` already placed them). The history is in round
order, so each player's last entry is last round's opponent.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from ..messages import PairingError
from ..types import PairingOut, RoundInput
from .engine import pair_field
from .messages import CopError, Note
from .standings import Field, Standing, count_meetings
from .weights import BYE


def field_from_round(round_input: RoundInput) -> Field:
    """The COP field of a round input (positions follow ``competitors``)."""
    position = {c.id: p for p, c in enumerate(round_input.competitors)}
    standings = tuple(
        Standing(
            c.id, c.name or str(c.id), c.klass, round(2 * (c.wins - c.losses)), c.spread, c.byes
        )
        for c in round_input.competitors
    )
    known = [(a, b) for a, b in round_input.history if a in position and b in position]
    last: dict[int, int] = {}
    for a, b in round_input.history:
        for one, other in ((a, b), (b, a)):
            if one in position:
                last[position[one]] = position.get(other, -1)
    prepaired = {}
    for a, b in round_input.fixed_pairs:
        prepaired[position[a]], prepaired[position[b]] = position[b], position[a]
    return Field(
        standings=standings,
        meetings=count_meetings((position[a], position[b]) for a, b in known),
        last_opponent=MappingProxyType({p: q for p, q in last.items() if q >= 0}),
        prepaired=MappingProxyType(prepaired),
        rounds_left=round_input.rounds_left,
        rounds_played=round_input.round_number - 1,
        total_rounds=round_input.total_rounds,
    )


class CopRefused(PairingError):
    """COP could not pair: ``note`` is the structured message; ``culprits`` and
    ``all_needed`` as on ``CopError`` (the rules to drop)."""

    def __init__(self, error: CopError) -> None:
        # The params stay notes, so ``translated`` shows the whole message in the reader's language.
        super().__init__(error.note.template, **dict(error.note.params))
        self.note = error.note
        self.culprits = error.culprits
        self.all_needed = error.all_needed


def pair(round_input: RoundInput) -> list[PairingOut]:
    """Pair the round with COP; ``CopRefused`` when the hard rules allow no pairing."""
    return pair_logged(round_input)[0]


def pair_logged(round_input: RoundInput) -> tuple[list[PairingOut], list[Note]]:
    """``pair`` and the log of the round (why each game was chosen)."""
    settings = round_input.settings
    cop = settings.cop
    if cop.place_prizes is None:
        cop = replace(cop, place_prizes=max(1, settings.prize_places))
    field = field_from_round(round_input)
    try:
        games, notes = pair_field(field, cop, round_input.seed)
    except CopError as error:
        raise CopRefused(error) from error
    out = []
    for a, b in games:
        if a in field.prepaired:
            continue
        first = field.standings[a].player
        second = None if b == BYE else field.standings[b].player
        out.append(PairingOut(first, second, repeats=0 if b == BYE else field.met(a, b)))
    return out, notes
