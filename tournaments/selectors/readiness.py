"""Which divisions of an event are ready for their next round, in two queries however many
divisions it has (the event's "Pair every ready division" page and ``pair --all-divisions``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Max

from ..models import Pairing, Tournament
from ..models.rounds import unreported_q

READY = "ready"
MISSING = "missing"
FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Readiness:
    """A division's state: its latest paired round, the next one, and whether it may be paired
    now: ``ready``, ``missing`` (the latest round still has ``missing`` games unreported) or
    ``finished`` (every round paired)."""

    division: object
    latest: int
    next_round: int
    state: str
    missing: int = 0


def event_readiness(tournament: Tournament) -> list[Readiness]:
    """Every division of ``tournament`` by name with its state."""
    divisions = list(
        tournament.divisions.annotate(latest=Max("round_set__number")).order_by("name")
    )
    unreported = Counter(
        Pairing.objects.filter(round__division__tournament=tournament)
        .filter(unreported_q())
        .values_list("round__division_id", "round__number")
    )
    found = []
    for division in divisions:
        division.tournament = tournament  # read once for every division
        latest = division.latest or 0
        missing = unreported[(division.pk, latest)] if latest else 0
        if latest >= division.rounds:
            state = MISSING if missing else FINISHED
        else:
            state = MISSING if missing else READY
        found.append(Readiness(division, latest, latest + 1, state, missing))
    return found
