"""The restore point of a round's end: taken by the result that completes the round, even when
the last games come in from several directors at the same moment (``restore_points`` keeps,
stores and restores them)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from ..models import Division, Entry, Pairing, RestorePoint, Round
from ..results.outcomes import awaits_result
from .restore_points import Reason, restore_point_take, take_after_commit


def after_result(by, pairing: Pairing, before: dict) -> None:
    """Called by the result service inside its transaction: a point when the round is done.

    The last missing result of a round takes the point of exactly the state it leaves. When the
    games still missing are each being written by another director at this moment (their rows
    locked by transactions not yet committed), none of those writes can see the round complete;
    then each checks again once it has committed, so the round end is never left without a point
    (two directors finishing a round at the same instant may give it two)."""
    if not (awaits_result(**_result(before)) and not awaits_result(**_result(pairing))):
        return  # not a game reported just now: a correction, a clear, a bye
    rnd = pairing.round
    missing = Pairing.objects.filter(round_id=rnd.pk).unreported()
    if _waiting_game(missing):
        return  # a game of the round still waits for a result nobody is writing now
    if _newest_point_is_recent(rnd.division.tournament_id):
        return
    if not missing.exists():
        round_point(by, rnd.division, rnd.number, Reason.ROUND_END)
    else:  # every game still missing is being written by another director at this moment
        since = pairing.reported_at
        transaction.on_commit(lambda: _round_end_if_complete(by, rnd.pk, since), robust=True)


def round_point(
    by, division: Division, round_number: int, reason: str, *, now: bool = False
) -> None:
    """A restore point of the event named after round ``round_number`` of ``division`` (its
    pairing or its end): taken as the writing transaction commits, or ``now``."""
    take = restore_point_take if now else take_after_commit
    take(
        by=by,
        tournament=division.tournament,
        reason=reason,
        division_name=division.name,
        round_number=round_number,
    )


def _newest_point_is_recent(tournament_id: int) -> bool:
    """Whether the event's newest round-end point is younger than its size allows between two.

    A point reads the whole event: at a King's Cup size (8,000 entries in 40 divisions) that is
    seconds of the request that completes a round, and divisions finish rounds moments apart.
    Between points there must be ``RESTORE_POINT_GAP_MS_PER_ENTRY`` ms an entry (12: a
    300-player event 3.6 s, 8,000 players 96 s); a round end inside the gap is held by the next
    point (the next round end or pairing), which reads this round's results too."""
    per_entry = settings.RESTORE_POINT_GAP_MS_PER_ENTRY
    if not per_entry:
        return False
    entries = Entry.objects.filter(division__tournament_id=tournament_id).count()
    since = timezone.now() - timedelta(milliseconds=per_entry * entries)
    recent = RestorePoint.objects.filter(tournament_id=tournament_id, taken_at__gte=since)
    return recent.filter(reason=Reason.ROUND_END).exists()


def _result(row) -> dict:
    get = row.get if isinstance(row, dict) else lambda name: getattr(row, name)
    return {name: get(name) for name in ("kind", "first_score", "second_score")}


def _waiting_game(missing) -> bool:
    """Whether a game of ``missing`` waits for a result that no other transaction is writing
    now (its row not locked), in one query. Where transactions write one at a time (SQLite),
    whether any game is missing."""
    if not connection.features.has_select_for_update_skip_locked:
        return missing.exists()
    free = missing.select_for_update(skip_locked=True, of=("self",)).values_list("pk", flat=True)
    return bool(list(free[:1]))


def _round_end_if_complete(by, round_id: int, since) -> None:
    """After a commit: the round's end point, if the round is complete and nobody took it since
    ``since`` (the division's lock makes two such checks take turns)."""
    with transaction.atomic():
        rnd = Round.objects.select_related("division__tournament").get(pk=round_id)
        Division.objects.select_for_update().get(pk=rnd.division_id)
        if rnd.pairings.unreported().exists():
            return
        taken = RestorePoint.objects.filter(
            tournament=rnd.division.tournament,
            reason=Reason.ROUND_END,
            division_name=rnd.division.name,
            round_number=rnd.number,
            taken_at__gte=since,
        )
        if not taken.exists():
            round_point(by, rnd.division, rnd.number, Reason.ROUND_END, now=True)
