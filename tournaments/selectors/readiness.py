"""Which divisions of an event are ready for their next round, in two queries however many
divisions it has (the event's "Pair every ready division" page and ``pair --all-divisions``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, Max, Q

from ..models import Entry, Pairing, Tournament
from ..models.rounds import unreported_q

READY = "ready"
MISSING = "missing"
FINISHED = "finished"
# Round 1 would pair fewer than two players (nobody checked in yet, say): nothing to pair.
TOO_FEW = "too_few"


@dataclass(frozen=True, slots=True)
class Readiness:
    """A division's state: its latest paired round, the next one, and whether it may be paired
    now: ``ready``, ``missing`` (the latest round still has ``missing`` games unreported),
    ``finished`` (every round paired) or ``too_few`` (round 1 would pair ``players`` < 2)."""

    division: object
    latest: int
    next_round: int
    state: str
    missing: int = 0
    players: int = 0


def event_readiness(tournament: Tournament) -> list[Readiness]:
    """Every division of ``tournament`` by name with its state."""
    checked_in = Q(entries__status=Entry.Status.CHECKED_IN)
    divisions = list(
        tournament.divisions.annotate(
            latest=Max("round_set__number"),
            entered=Count("entries", distinct=True),
            checked_in=Count("entries", filter=checked_in, distinct=True),
        ).order_by("name")
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
        players = division.checked_in if division.pair_checked_in_only else division.entered
        if missing:
            state = MISSING
        elif latest >= division.rounds:
            state = FINISHED
        elif latest == 0 and players < 2:
            state = TOO_FEW
        else:
            state = READY
        found.append(Readiness(division, latest, latest + 1, state, missing, players))
    return found
