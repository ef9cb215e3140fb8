"""Publishing an event: one round of its public files sent to a target, audited.

``event_publish`` renders every public file of the event (``pages.event_files``), reads the
manifest the target holds, and sends only what changed: the files first, then the index pages,
then the manifest and its stamp, and only then deletes the files the event no longer has, so a
reader following the index or the manifest never meets a missing or half-written round. A
private event publishes nothing, and what an earlier round put on the target is deleted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.db import transaction

from core.audit import audit_record
from core.languages import site_language_codes
from tournaments.models import Tournament

from .pages import event_files
from .plan import manifest
from .plan.paths import INDEX
from .targets import Target, TargetUnreachable, target_from_spec

__all__ = ["PublishReport", "TargetUnreachable", "event_publish"]


@dataclass(frozen=True)
class PublishReport:
    """What one round did: files sent, deleted and left as they were, how long it took, and
    the hash of the manifest now on the target ('' when the event publishes nothing)."""

    target: str
    sent: int
    deleted: int
    unchanged: int
    seconds: float
    manifest_hash: str
    files: int = 0


def _is_index(path: str) -> bool:
    """The event's home at the root and at each language's folder: the reader's way in."""
    return path == INDEX or path in {f"{code}/{INDEX}" for code in site_language_codes()}


def _send(target: Target, files: dict[str, bytes], before: dict | None) -> tuple[int, int, int]:
    """Send the round to ``target``; (sent, deleted, unchanged)."""
    after = manifest.hashes(files)
    change = manifest.diff(before, after)
    to_send = change.to_send
    target.put_many({path: files[path] for path in to_send if not _is_index(path)})
    target.put_many({path: files[path] for path in to_send if _is_index(path)})
    if files or before is not None:
        target.write_manifest(after)
    target.delete_many(change.removed)
    return len(to_send), len(change.removed), change.unchanged


def event_publish(event: Tournament, target_spec: str, *, actor=None) -> PublishReport:
    """Publish ``event``'s public side to the target ``target_spec`` (see
    ``targets.target_from_spec``); raises ``TargetUnreachable`` when it cannot be reached (the
    target is left as it was, or with some new files but the old manifest and index)."""
    started = time.perf_counter()
    target = target_from_spec(target_spec)
    event = Tournament.objects.get(pk=event.pk)
    before = target.read_manifest()  # first: a target that is away costs no rendering
    files = event_files(event)
    sent, deleted, unchanged = _send(target, files, before)
    report = PublishReport(
        target=str(target),
        sent=sent,
        deleted=deleted,
        unchanged=unchanged,
        seconds=time.perf_counter() - started,
        manifest_hash=manifest.manifest_hash(manifest.hashes(files)) if files else "",
        files=len(files),
    )
    _audit(event, report, actor)
    return report


def _audit(event: Tournament, report: PublishReport, actor) -> None:
    """The round in the audit log. Not under the event's id: an entry there renews the event's
    version, which would make every public page build again after each publish."""
    with transaction.atomic():
        audit_record(
            by=actor,
            action="tournament.publish",
            obj=event,
            scope=f"tournament:{event.pk}",
            after={
                "target": report.target,
                "public": event.is_public,
                "sent": report.sent,
                "deleted": report.deleted,
                "unchanged": report.unchanged,
                "manifest": report.manifest_hash,
            },
        )
