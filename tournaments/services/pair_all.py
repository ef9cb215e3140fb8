"""Pair the next round of every division of an event that is ready, as one action.

A division is ready when its latest round has every result in (or it has no round yet, and at
least two players to pair) and it still has rounds to play (``selectors.readiness``). Each ready division is paired by the same
``rounds.round_pair`` as its own pairing page, in its own transaction, so a division whose
pairing is refused (a pin of a withdrawn player, COP finding no pairing...) is reported and the
others are still paired. Each division's pairing is audited (``round.pair``) by ``round_pair``.
One restore point of the event is taken after the last division paired (one per division would
archive the event forty times over); it holds only the rounds paired and what else changed since
the event's previous point (``archive.delta``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from core.messages import translated
from pairing.messages import PairingError

from ..models import RestorePoint, Tournament
from ..selectors.readiness import FINISHED, MISSING, READY, TOO_FEW, event_readiness
from .divisions import DivisionRefused
from .restore_points import restore_point_take
from .rounds import round_pair

PAIRED = "paired"
REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class PairOutcome:
    """What pairing every division did to one: ``paired`` (round ``round``), skipped because
    results are ``missing`` (``missing`` games), ``finished``, or ``too_few`` players for round 1
    (``players`` of them), or ``refused`` (``reason``, translated in the language active
    when it was refused)."""

    division: str
    state: str
    round: int
    missing: int = 0
    reason: str = ""
    players: int = 0

    def as_dict(self) -> dict:
        return asdict(self)


def pair_all_divisions(*, by, tournament: Tournament) -> list[PairOutcome]:
    """Pair the next round of each ready division; one outcome per division, by name."""
    outcomes = []
    for ready in event_readiness(tournament):
        name = ready.division.name
        if ready.state == FINISHED:
            outcomes.append(PairOutcome(name, FINISHED, ready.latest))
        elif ready.state == MISSING:
            outcomes.append(PairOutcome(name, MISSING, ready.missing_round, missing=ready.missing))
        elif ready.state == TOO_FEW:
            outcomes.append(PairOutcome(name, TOO_FEW, 1, players=ready.players))
        else:
            assert ready.state == READY
            outcomes.append(_pair_one(by, ready.division, ready.next_round))
    if any(o.state == PAIRED for o in outcomes):
        restore_point_take(by=by, tournament=tournament, reason=RestorePoint.Reason.PAIRING)
    return outcomes


def _pair_one(by, division, round_number: int) -> PairOutcome:
    try:
        rnd = round_pair(by=by, division=division, round_number=round_number, restore_point=False)
    except (DivisionRefused, PairingError) as err:
        return PairOutcome(division.name, REFUSED, round_number, reason=translated(err))
    return PairOutcome(division.name, PAIRED, rnd.number)
