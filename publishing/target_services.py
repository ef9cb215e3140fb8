"""The directors' writes on an event's publishing: add, remove, switch on or off a target, and
"Publish now". Each is audited with the event (which also queues its publish: queue.py).

The worker's own bookkeeping (a job's state, a target's last publish and trouble) is not
audited: it records what the worker did for changes that were audited, as a cache does."""

from __future__ import annotations

import re

from django.db import transaction
from django.utils import timezone

from core.audit import audit_record, audited_create, audited_delete, audited_update
from core.refusal import Refusal, gettext_noop

from .models import SPEC_LENGTH, PublishJob, PublishTarget
from .queue import queue_publish

TARGETS_PER_EVENT = 5
FIELDS = ["spec", "enabled"]
# A folder is an absolute path; rsync's destination user@host:/path, or ssh://user@host:port/path
# for another port; an S3-compatible bucket s3://bucket/prefix (publishing.targets reads them).
FOLDER = re.compile(r"/[^\x00-\x1f\x7f]*")
RSYNC = re.compile(
    r"(?:[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:|ssh://[A-Za-z0-9._-]+@[A-Za-z0-9.-]+(?::\d{1,5})?)"
    r"/[^\x00-\x1f\x7f]*"
)
BUCKET = re.compile(r"s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[^\x00-\x1f\x7f]*)?")


class TargetRefused(Refusal):
    pass


def spec_refusal(spec: str) -> TargetRefused | None:
    """Why ``spec`` names no target (None: it does)."""
    if not spec or len(spec) > SPEC_LENGTH:
        return TargetRefused(
            gettext_noop("A target is 1 to %(most)s characters long."), most=SPEC_LENGTH
        )
    if not any(p.fullmatch(spec) for p in (FOLDER, RSYNC, BUCKET)):
        return TargetRefused(
            gettext_noop(
                "“%(spec)s” is not a target: write a folder (/srv/www/event), a server "
                "(user@host:/path) or a bucket (s3://bucket/prefix)."
            ),
            spec=spec,
        )
    return None


def _check_new(tournament, spec: str) -> None:
    refusal = spec_refusal(spec)
    if refusal is not None:
        raise refusal
    targets = PublishTarget.objects.filter(tournament=tournament)
    if targets.filter(spec=spec).exists():
        raise TargetRefused(gettext_noop("The event is already published to %(spec)s."), spec=spec)
    if targets.count() >= TARGETS_PER_EVENT:
        raise TargetRefused(
            gettext_noop("An event is published to at most %(most)s targets."),
            most=TARGETS_PER_EVENT,
        )


def target_add(*, by, tournament, spec: str) -> PublishTarget:
    """Publish the event to ``spec`` from now on; its first publish is queued at once."""
    spec = spec.strip()
    with transaction.atomic():
        # The event's row serializes two directors adding the fifth target at once.
        type(tournament).objects.select_for_update().filter(pk=tournament.pk).first()
        target = audited_create(
            by=by,
            instance=PublishTarget(tournament=tournament, spec=spec),
            fields=FIELDS,
            action="publish_target.add",
            tournament_id=tournament.pk,
            check=lambda _target: _check_new(tournament, spec),
        )
        queue_publish(target, reason=PublishJob.DIRECTOR, due_at=timezone.now(), by=by)
    return target


def target_remove(*, by, target: PublishTarget) -> None:
    """Stop publishing to the target (what it holds stays there) and forget its jobs."""
    audited_delete(
        by=by,
        instance=target,
        fields=FIELDS,
        action="publish_target.remove",
        tournament_id=target.tournament_id,
    )


def target_set_enabled(*, by, target: PublishTarget, enabled: bool) -> PublishTarget:
    """Switch publishing to the target on or off; switched on, it catches up at once."""
    with transaction.atomic():
        target = audited_update(
            by=by,
            instance=target,
            fields=FIELDS,
            changes={"enabled": enabled},
            action="publish_target.enable" if enabled else "publish_target.disable",
            tournament_id=target.tournament_id,
        )
        if enabled:
            queue_publish(target, reason=PublishJob.DIRECTOR, due_at=timezone.now(), by=by)
    return target


def publish_now(*, by, target: PublishTarget) -> PublishJob:
    """Publish to the target as soon as the worker can, without waiting for its backoff (the
    director knows the line is back)."""
    with transaction.atomic():
        locked = PublishTarget.objects.select_for_update().get(pk=target.pk)
        if not locked.enabled:
            raise TargetRefused(
                gettext_noop("Publishing to %(spec)s is switched off."), spec=locked.spec
            )
        audit_record(
            by=by,
            action="publish_target.publish_now",
            obj=locked,
            tournament_id=locked.tournament_id,
            after={"spec": locked.spec},
        )
        PublishTarget.objects.filter(pk=locked.pk).update(retry_at=None)
        return queue_publish(locked, reason=PublishJob.DIRECTOR, due_at=timezone.now(), by=by)
