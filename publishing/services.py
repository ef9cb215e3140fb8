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
from core.versions import tournament_reread
from tournaments.models import Tournament
from tournaments.public_cache.snapshots import fresh_snapshots

from .pages import event_files, stage_files
from .plan import manifest
from .plan.paths import INDEX
from .plan.stages import Touched, stage_manifest
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
    # The first stage (``plan.stages``): seconds from the start until its manifest was written,
    # and the files it sent; None when the publish was one whole round.
    first_stage_seconds: float | None = None
    first_stage_sent: int = 0
    first_stage_cpu_seconds: float | None = None


def _is_index(path: str) -> bool:
    """The event's home at the root and at each language's folder: the reader's way in."""
    return path == INDEX or path in {f"{code}/{INDEX}" for code in site_language_codes()}


def _send(target: Target, files: dict[str, bytes], before: dict | None) -> tuple[int, int, int]:
    """Send the round to ``target``; (sent, deleted, unchanged)."""
    after = manifest.hashes(files)
    change = manifest.diff(before, after)
    to_send = change.to_send
    _put(target, files, to_send)
    if change.removed:
        # Named until they are gone, so a deletion that fails is tried again by the next round.
        target.write_manifest(after | {path: before[path] for path in change.removed})
        target.delete_many(change.removed)
    if files or before is not None:
        target.write_manifest(after)
    return len(to_send), len(change.removed), change.unchanged


def _put(target: Target, files: dict[str, bytes], to_send) -> None:
    """The files to send, the index pages (a reader's way in) after the rest."""
    target.put_many({path: files[path] for path in to_send if not _is_index(path)})
    target.put_many({path: files[path] for path in to_send if _is_index(path)})


def _first_stage(target: Target, event, touched: Touched, before: dict | None):
    """Send the first stage (``plan.stages``) and its manifest; (manifest now on the target,
    files sent), or (``before``, 0) when there is no first stage."""
    if not touched or before is None:
        return before, 0
    files = stage_files(event, touched, set(before))
    stage = manifest.hashes(files)
    to_send = [path for path, digest in stage.items() if before.get(path) != digest]
    if not to_send:
        return before, 0
    _put(target, files, to_send)
    after = stage_manifest(before, stage)
    target.write_manifest(after)
    return after, len(to_send)


def event_publish(
    event: Tournament, target_spec: str, *, actor=None, touched: Touched | None = None
) -> PublishReport:
    """Publish ``event``'s public side to the target ``target_spec`` (see
    ``targets.target_from_spec``); raises ``TargetUnreachable`` when it cannot be reached (the
    target is left as it was, or with some new files but a manifest naming only files it
    holds). With ``touched`` (what changed since the last complete publish), the pages it
    touches go first, with a manifest of their own, then the whole round."""
    started, cpu = time.perf_counter(), time.process_time()
    target = target_from_spec(target_spec)
    event = Tournament.objects.get(pk=event.pk)
    # Every change made so far, in whichever process: the caller records them as published.
    tournament_reread(event.pk)
    with fresh_snapshots():
        return _publish(event, target, touched or Touched(), started, cpu, actor)


def _publish(event, target: Target, touched: Touched, started: float, cpu: float, actor):
    before = target.read_manifest()  # first: a target that is away costs no rendering
    before, first_sent = _first_stage(target, event, touched, before)
    first_seconds = time.perf_counter() - started if first_sent else None
    first_cpu = time.process_time() - cpu if first_sent else None
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
        first_stage_seconds=first_seconds,
        first_stage_sent=first_sent,
        first_stage_cpu_seconds=first_cpu,
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
