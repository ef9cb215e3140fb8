"""Starting a round, and recording a no-show once the late-forfeit minutes have passed.

Nothing is forfeited automatically: the director starts the round (its start time is the clock
the late-forfeit minutes count from: docs/RULES.md, Late arrival) and, once they have passed, records each
no-show with one click. A no-show is an ordinary forfeit written by ``results.result_record``,
so it is audited as a result and undone with the audit log's undo like any other.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import audit_record
from core.formatting import fmt_time_exact
from core.refusal import Refusal

from ..models import Pairing, Round
from ..selectors.lateness import STARTED, late_forfeit_minutes, no_show_from
from .results import ResultOutcome, result_record

ALREADY_STARTED = gettext_noop("Round %(round)d already started at %(time)s.")
NOT_STARTED = gettext_noop("Start the round first: lateness counts from its start.")
NO_LATE_RULE = gettext_noop("This division's rules do not forfeit a game for arriving late.")
TOO_EARLY = gettext_noop(
    "A no-show can be recorded from %(time)s, %(minutes)d minutes after the round started."
)
TABLE_STARTED = gettext_noop(
    "Table %(table)s has already started (or has its result): it is not a no-show."
)
NOT_AT_TABLE = gettext_noop("Only one of the two players of this game can be a no-show.")


class LatenessRefused(Refusal):
    """A round start or a no-show that cannot be recorded."""


def _time(moment: datetime.datetime) -> str:
    return fmt_time_exact(moment)


def round_start(*, by, round_id: int, now: datetime.datetime | None = None) -> Round:
    """Record that round ``round_id`` starts ``now``: late arrivals count from here."""
    now = now or timezone.now()
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("division").get(pk=round_id)
        if round_.started_at is not None:
            raise LatenessRefused(
                ALREADY_STARTED, round=round_.number, time=_time(round_.started_at)
            )
        round_.started_at = now
        round_.save(update_fields=["started_at"])
        audit_record(
            by=by,
            action="round.start",
            obj=round_,
            tournament_id=round_.division.tournament_id,
            before={"started_at": None},
            after={"started_at": now.isoformat()},
        )
    return round_


def no_show_record(
    *, by, pairing_id: int, entry_id: int, now: datetime.datetime | None = None
) -> ResultOutcome:
    """Forfeit the game of ``pairing_id`` by ``entry_id``, who has not arrived.

    Refused before the round has started, when the division's rules have no late forfeit,
    before the late-forfeit minutes have passed since the start, when the table has started
    (a result, a player's score report, a scoresheet turn or a started clock), or for anyone
    not playing at the table.
    """
    now = now or timezone.now()
    with transaction.atomic():
        pairing = (
            Pairing.objects.select_for_update(of=("self",))
            .select_related("round__division")
            .get(pk=pairing_id)
        )
        _check_no_show(pairing, entry_id, now)
        return result_record(
            by=by,
            pairing_id=pairing.pk,
            first_score=None,
            second_score=None,
            kind=Pairing.Kind.FORFEIT,
            forfeited_by_id=entry_id,
            expected_version=pairing.version,
        )


def _check_no_show(pairing: Pairing, entry_id: int, now: datetime.datetime) -> None:
    round_ = pairing.round
    if round_.started_at is None:
        raise LatenessRefused(NOT_STARTED)
    minutes = late_forfeit_minutes(round_)
    if minutes is None:
        raise LatenessRefused(NO_LATE_RULE)
    from_ = no_show_from(round_)
    if now < from_:
        raise LatenessRefused(TOO_EARLY, time=_time(from_), minutes=minutes)
    if pairing.second_id is None or entry_id not in (pairing.first_id, pairing.second_id):
        raise LatenessRefused(NOT_AT_TABLE)
    if Pairing.objects.filter(STARTED, pk=pairing.pk).exists():
        raise LatenessRefused(TABLE_STARTED, table=pairing.table or "—")
