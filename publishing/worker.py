"""The publish worker: takes the next due job, publishes, and records what happened.

One job runs at a time per target, in the order the jobs fell due, so the target never goes
back to an older state. A publish that succeeds takes with it every other waiting job of its
target that was due when it began (it wrote everything they wanted). A publish that fails
leaves its job waiting and the target resting for a backoff that doubles up to a bound
(``queue.backoff_seconds``); when the target answers again the oldest job runs and the target
has caught up, with nothing lost and nobody pressing anything.
"""

from __future__ import annotations

import datetime
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, Sum
from django.utils import timezone

from core.polled.stamps import latest_change

from .models import ERROR_LENGTH, PublishJob, PublishTarget
from .queue import backoff_seconds, catch_up
from .touched import touched_since


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"[:120]


def due_jobs(now: datetime.datetime):
    """Waiting jobs due by ``now`` of enabled targets that are not resting after a failure and
    have no job running, the first due first."""
    running = PublishJob.objects.filter(target=OuterRef("target"), state=PublishJob.RUNNING)
    return (
        PublishJob.objects.filter(state=PublishJob.WAITING, due_at__lte=now, target__enabled=True)
        .filter(Q(target__retry_at__isnull=True) | Q(target__retry_at__lte=now))
        .exclude(Exists(running))
        .order_by("due_at", "id")
    )


def claim_next(now: datetime.datetime, name: str) -> PublishJob | None:
    """Mark the first due job running, for worker ``name``; None when nothing is due."""
    for job in due_jobs(now)[:5]:
        with transaction.atomic():
            PublishTarget.objects.select_for_update().filter(pk=job.target_id).first()
            taken = PublishJob.objects.filter(pk=job.pk, state=PublishJob.WAITING).exclude(
                Exists(PublishJob.objects.filter(target=job.target_id, state=PublishJob.RUNNING))
            )
            if taken.update(state=PublishJob.RUNNING, started_at=now, claimed_by=name):
                return PublishJob.objects.select_related("target__tournament").get(pk=job.pk)
    return None


def release_abandoned(now: datetime.datetime, *, alive: Callable[[int], bool]) -> int:
    """Put back to waiting the jobs left running by a worker that is gone: one of this host
    whose process no longer runs, or any running longer than PUBLISH_JOB_STALE_SECONDS."""
    host = socket.gethostname()
    gone = []
    for job in PublishJob.objects.filter(state=PublishJob.RUNNING):
        worker_host, _colon, pid = job.claimed_by.rpartition(":")
        stale = (
            job.started_at is None
            or (now - job.started_at).total_seconds() > settings.PUBLISH_JOB_STALE_SECONDS
        )
        dead = worker_host == host and pid.isdigit() and not alive(int(pid))
        if stale or dead:
            gone.append(job.pk)
    return PublishJob.objects.filter(pk__in=gone, state=PublishJob.RUNNING).update(
        state=PublishJob.WAITING, started_at=None, claimed_by=""
    )


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass(frozen=True)
class Outcome:
    job_id: int
    target: str
    ok: bool
    sent: int = 0
    deleted: int = 0
    error: str = ""


def succeeded(job: PublishJob, report, *, through: int, now: datetime.datetime) -> None:
    """Record the publish, clear the target's trouble, and take every other job that was due
    when it began (their changes are on the target now)."""
    target = job.target
    with transaction.atomic():
        PublishTarget.objects.select_for_update().filter(pk=target.pk).first()
        absorbed = PublishJob.objects.filter(
            target=target, state=PublishJob.WAITING, due_at__lte=job.started_at
        )
        folded = absorbed.aggregate(n=Sum("changes"))["n"] or 0
        absorbed.delete()
        PublishJob.objects.filter(pk=job.pk).update(
            state=PublishJob.DONE,
            finished_at=now,
            changes=job.changes + folded,
            attempts=job.attempts + 1,
            sent=report.sent,
            deleted=report.deleted,
            unchanged=report.unchanged,
            seconds=report.seconds,
            manifest_hash=report.manifest_hash[:128],
            error="",
        )
        PublishTarget.objects.filter(pk=target.pk).update(
            last_published_at=now,
            published_through=max(through, target.published_through),
            manifest_hash=report.manifest_hash[:128],
            unreachable_since=None,
            last_error="",
            failures=0,
            retry_at=None,
        )
    prune_done(target)


def failed(job: PublishJob, error: BaseException, *, unreachable: bool, now) -> None:
    """The job waits again; the target rests for its backoff and says since when it has been
    unreachable and why."""
    target = PublishTarget.objects.filter(pk=job.target_id).first()
    if target is None:  # removed by a director while its publish ran: nothing to wait for
        return
    text = (str(error) or type(error).__name__)[:ERROR_LENGTH]
    failures = target.failures + 1
    with transaction.atomic():
        PublishJob.objects.filter(pk=job.pk).update(
            state=PublishJob.WAITING,
            started_at=None,
            claimed_by="",
            attempts=job.attempts + 1,
            error=text,
        )
        PublishTarget.objects.filter(pk=target.pk).update(
            failures=failures,
            retry_at=now + datetime.timedelta(seconds=backoff_seconds(failures)),
            last_error=text,
            unreachable_since=(target.unreachable_since or now) if unreachable else None,
        )


def prune_done(target: PublishTarget) -> None:
    """Keep the newest PUBLISH_JOBS_KEPT finished jobs of a target (its recent history)."""
    kept = settings.PUBLISH_JOBS_KEPT
    old = PublishJob.objects.filter(target=target, state=PublishJob.DONE).order_by("-id")[kept:]
    PublishJob.objects.filter(pk__in=list(old.values_list("pk", flat=True))).delete()


def run_job(job: PublishJob, *, publish, unreachable_error, clock=timezone.now) -> Outcome:
    """Publish ``job``'s event to its target (``publish(event, spec)``) and record the outcome.

    The event's latest change is read before the publish starts: what the publish reads
    includes at least that much, so it is what the target holds once it succeeds.
    """
    target = job.target
    through = latest_change(target.tournament_id)
    # What changed since the last complete publish goes first (``plan.stages``); a failure
    # later leaves published_through where it was, so the next job sends all of it again.
    touched = touched_since(target.tournament_id, target.published_through)
    try:
        report = publish(target.tournament, target.spec, touched=touched)
    except unreachable_error as error:
        failed(job, error, unreachable=True, now=clock())
        return Outcome(job.pk, target.spec, False, error=str(error))
    except Exception as error:  # noqa: BLE001 - any failure waits and retries: nothing is lost
        failed(job, error, unreachable=False, now=clock())
        return Outcome(job.pk, target.spec, False, error=str(error) or type(error).__name__)
    succeeded(job, report, through=through, now=clock())
    return Outcome(job.pk, target.spec, True, sent=report.sent, deleted=report.deleted)


def work_once(
    *, publish, unreachable_error, clock=timezone.now, name=None, alive=None
) -> Outcome | None:
    """One turn of the worker: put back jobs a dead worker left running, queue catch-up jobs
    for targets found behind, then run the first due job, if any."""
    now = clock()
    release_abandoned(now, alive=alive or process_alive)
    catch_up(now)
    job = claim_next(now, name or worker_name())
    if job is None:
        return None
    return run_job(job, publish=publish, unreachable_error=unreachable_error, clock=clock)


def next_due(now: datetime.datetime) -> datetime.datetime | None:
    """When the worker has something to do next: the first waiting job's due time, or its
    target's retry time if later."""
    times = []
    waiting = PublishJob.objects.filter(state=PublishJob.WAITING, target__enabled=True)
    for due_at, retry_at in waiting.values_list("due_at", "target__retry_at")[:100]:
        times.append(max(due_at, retry_at) if retry_at else due_at)
    return min(times) if times else None
