"""Which divisions of an event are ready for their next round, in two queries however many
divisions it has (the event's "Pair every ready division" page and ``pair --all-divisions``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, Max, Q

from pairing.messages import PairingError

from ..models import Entry, Pairing, Tournament
from ..models.entries import active_in_q
from ..models.rounds import unreported_q
from .plans import planned_round

READY = "ready"
MISSING = "missing"
FINISHED = "finished"
# Round 1 would pair fewer than two players (nobody checked in yet, say): nothing to pair.
TOO_FEW = "too_few"


@dataclass(frozen=True, slots=True)
class Readiness:
    """A division's state: its latest paired round, the next one, and whether it may be paired
    now: ``ready``, ``missing`` (the rounds the next one stands on, by the plan, still have
    ``missing`` games unreported, the first in round ``missing_round``), ``finished`` (every
    round paired) or ``too_few`` (round 1 would pair ``players`` < 2: the entries that play it,
    as the pairing service counts them)."""

    division: object
    latest: int
    next_round: int
    state: str
    missing: int = 0
    players: int = 0
    missing_round: int = 0


def event_readiness(tournament: Tournament) -> list[Readiness]:
    """Every division of ``tournament`` by name with its state."""
    # Who plays round 1, as ``services.rounds.playing_entries`` counts them: joined by then, not
    # withdrawn before the start (a no-show), and checked in where the division asks it.
    plays = active_in_q(1, "entries__")
    checked_in = plays & Q(entries__status=Entry.Status.CHECKED_IN)
    divisions = list(
        tournament.divisions.annotate(
            latest=Max("round_set__number"),
            entered=Count("entries", filter=plays, distinct=True),
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
        waiting = _waiting(division, latest, unreported)
        missing = sum(waiting.values())
        players = division.checked_in if division.pair_checked_in_only else division.entered
        if missing:
            state = MISSING
        elif latest >= division.rounds:
            state = FINISHED
        elif latest == 0 and players < 2:
            state = TOO_FEW
        else:
            state = READY
        first = min(waiting, default=0)
        found.append(Readiness(division, latest, latest + 1, state, missing, players, first))
    return found


def _waiting(division, latest: int, unreported: Counter) -> dict[int, int]:
    """Unreported games by round, in the rounds the next round stands on: those up to its plan's
    based-on round (``selectors.plans``: the latest round, or earlier with a lag), as the
    pairing service checks them before it pairs."""
    if latest >= division.rounds:
        based_on = latest
    else:
        try:
            based_on = planned_round(division, latest + 1).based_on_round
        except PairingError:  # a plan that cannot pair it: the pairing service says why
            based_on = latest
    return {
        number: unreported[(division.pk, number)]
        for number in range(1, based_on + 1)
        if unreported[(division.pk, number)]
    }
