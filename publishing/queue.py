"""Queueing publish jobs: after a change, on a director's "Publish now", and when the worker
finds a target behind.

A publish writes the whole event as it stands when it starts, so one waiting job stands for
every change before it runs: a change is folded into a waiting job that will run no later than
the change wants (a burst of results is one publish); only a job due later (one waiting for the
broadcast delay to let boards out) leaves a change a job of its own. Nothing is dropped: a job
leaves the queue only by a publish that succeeded and began after it was due
(``publishing/worker.py``).

Why a table of our own and not a task queue: see "Publishing from the venue" in docs/DEPLOY.md.
"""

from __future__ import annotations

import datetime
from functools import partial

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef, Subquery
from django.utils import timezone

from core.models import AuditEntry
from games.broadcast.models import EventBroadcast

from .models import PublishJob, PublishTarget

PENDING = (PublishJob.WAITING, PublishJob.RUNNING)


def coalesce_seconds() -> float:
    """How long a change waits for the changes after it before its publish may start."""
    return settings.PUBLISH_COALESCE_SECONDS


def backoff_seconds(failures: int) -> float:
    """The wait before trying a target again after ``failures`` failures in a row: doubling
    from PUBLISH_RETRY_FIRST_SECONDS, never longer than PUBLISH_RETRY_MAX_SECONDS (so a target
    that returns is caught up within that long, with nobody pressing anything)."""
    first = settings.PUBLISH_RETRY_FIRST_SECONDS
    longest = settings.PUBLISH_RETRY_MAX_SECONDS
    if failures <= 0:
        return 0.0
    # 2**20 is past any cap; the exponent is bounded so a long outage never overflows.
    return float(min(longest, first * 2 ** min(failures - 1, 20)))


def queue_publish(
    target: PublishTarget,
    *,
    reason: str = PublishJob.CHANGE,
    due_at: datetime.datetime,
    not_before: datetime.datetime | None = None,
    by=None,
) -> PublishJob:
    """A waiting job for ``target`` that runs no later than ``due_at`` (and, for a board let
    out by the broadcast delay, no sooner than ``not_before``): a waiting job due in that time
    takes the change, else a new one is queued."""
    with transaction.atomic():
        # The target's row is the queue's lock: two processes folding into one job, or the
        # worker absorbing jobs as it finishes, take turns.
        PublishTarget.objects.select_for_update().filter(pk=target.pk).first()
        waiting = PublishJob.objects.filter(
            target=target, state=PublishJob.WAITING, due_at__lte=due_at
        )
        if not_before is not None:
            waiting = waiting.filter(due_at__gte=not_before)
        waiting = waiting.order_by("due_at", "id").first()
        if waiting is not None:
            PublishJob.objects.filter(pk=waiting.pk).update(changes=F("changes") + 1)
            waiting.refresh_from_db()
            return waiting
        return PublishJob.objects.create(
            target=target,
            reason=reason,
            due_at=due_at,
            requested_by=by if getattr(by, "is_authenticated", False) else None,
        )


def broadcast_delay(tournament_id: int) -> datetime.timedelta:
    minutes = (
        EventBroadcast.objects.filter(tournament_id=tournament_id)
        .values_list("delay_minutes", flat=True)
        .first()
    )
    return datetime.timedelta(minutes=minutes or 0)


def event_changed(tournament_id: int, *, now: datetime.datetime | None = None) -> list[PublishJob]:
    """Queue a publish of the event to each of its enabled targets, soon (after the coalescing
    pause); with a broadcast delay, also once the change may be shown on the boards."""
    now = now or timezone.now()
    targets = list(PublishTarget.objects.filter(tournament_id=tournament_id, enabled=True))
    if not targets:
        return []
    soon = now + datetime.timedelta(seconds=coalesce_seconds())
    delay = broadcast_delay(tournament_id)
    jobs = []
    for target in targets:
        jobs.append(queue_publish(target, due_at=soon))
        if delay:
            jobs.append(
                queue_publish(
                    target, reason=PublishJob.DELAYED, due_at=soon + delay, not_before=now + delay
                )
            )
    return jobs


def _after_commit(tournament_id: int) -> None:
    event_changed(tournament_id)


def _already_asked(tournament_id: int) -> bool:
    """Whether this transaction already asked for the event's publish (and now it has).

    Kept beside the connection's list of commit hooks: Django starts a new list when the
    transaction ends or a savepoint rolls back, so a new list is a new question (at worst a
    change asks twice, which folds into the same job). Holding the list keeps its identity from
    being reused. A scan of the hooks would cost a transaction of n changes n*n/2 steps.
    """
    hooks = connection.run_on_commit
    kept = getattr(connection, "_publishing_asked", None)
    if kept is None or kept[0] is not hooks:
        kept = (hooks, set())
        connection._publishing_asked = kept
    if tournament_id in kept[1]:
        return True
    kept[1].add(tournament_id)
    return False


def audit_entry_saved(sender, instance: AuditEntry, created: bool = False, **kwargs) -> None:
    """Every change of an event's public pages is audited with the event (core/audit.py): once
    the change commits, its publish is queued. One call per event and transaction, however many
    entries it wrote; a change rolled back queues nothing. (Entries written in bulk send no
    signal: the worker's sweep finds their event behind.)"""
    if not created or instance.tournament_id is None:
        return
    if connection.in_atomic_block and _already_asked(instance.tournament_id):
        return
    transaction.on_commit(partial(_after_commit, instance.tournament_id))


def targets_behind(now: datetime.datetime) -> list[PublishTarget]:
    """Enabled targets whose event changed after their last publish began and that have no job
    waiting or running: changes a signal missed (bulk entries, a process that died between the
    commit and the queueing, a worker that was stopped)."""
    latest = (
        AuditEntry.objects.filter(tournament_id=OuterRef("tournament_id"))
        .order_by("-id")
        .values("id")[:1]
    )
    pending = PublishJob.objects.filter(target=OuterRef("pk"), state__in=PENDING)
    return list(
        PublishTarget.objects.filter(enabled=True)
        .annotate(latest=Subquery(latest), pending=Exists(pending))
        .filter(latest__gt=F("published_through"), pending=False)
    )


def catch_up(now: datetime.datetime) -> list[PublishJob]:
    """A job for every target found behind (``targets_behind``), due now."""
    return [
        queue_publish(target, reason=PublishJob.CATCH_UP, due_at=now)
        for target in targets_behind(now)
    ]
