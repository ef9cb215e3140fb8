"""Restore points: the event's archive taken at every pairing and round end, and restored.

A restore point is the event archive (``tournaments/archive/``) gzip-compressed in the
``restore_points`` storage (``settings.STORAGES``: files under MEDIA_ROOT/restore-points by
default, any storage backend of Django's storage API otherwise) and a ``RestorePoint`` row
saying who took it, when and why. The name "restore point" keeps it apart from the public
pages' cached standings snapshot (``tournaments.selectors.snapshot``).

- ``take_after_commit`` is called by the pairing service for every paired round and by the
  result service when a result completes a round (``round_end_points``): the archive is read
  inside the writing transaction (the point holds exactly that write) and stored once it
  commits, so a refused write stores none and no storage I/O happens under the write's locks.
- ``restore_point_take`` writes one; then only the newest ``RESTORE_POINTS_KEPT`` points of the
  event are kept, and besides them the newest point of each round's end, and the points those
  hold the changes since (a pairing's or round end's point holds only what changed since the
  event's previous point, ``archive.delta``; reading it lays it over its chain).
- ``restore_point_copy`` imports a point as a new event; ``restore_point_in_place`` puts the
  event back as it was, after taking a point of the state it replaces (its undo), audited as
  ``tournament.restore``.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import logging
import zlib

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record
from core.models import AuditEntry
from core.readers.json_input import JsonRefused, read_json
from core.refusal import Refusal

from ..archive import shape
from ..archive.delta import DeltaBroken, compose, is_delta
from ..archive.erasure import erased_archive
from ..archive.in_place import event_replace
from ..archive.restore import EventImport, event_import
from ..models import Pairing, RestorePoint, Tournament
from .restore_point_packing import Packed, pack, point_file_name

STORAGE = "restore_points"
logger = logging.getLogger(__name__)
Reason = RestorePoint.Reason
# The points that may hold only the changes since the event's previous point.
CHAINED = (Reason.PAIRING, Reason.ROUND_END)

NO_SUCH_POINT = gettext_noop("This event has no restore point #%(point)s.")
POINT_MISSING = gettext_noop(
    "The file of restore point #%(point)s is missing from the storage (%(name)s)."
)
POINT_DAMAGED = gettext_noop(
    "The file of restore point #%(point)s is not the one written (its checksum differs)."
)
BASE_GONE = gettext_noop(
    "Restore point #%(point)s holds only the changes since an earlier point, which is no "
    "longer kept; it cannot be restored."
)
BASE_UNREADABLE = gettext_noop(
    "Restore point #%(point)s holds only the changes since restore point #%(base)s, which "
    "cannot be read: %(reason)s"
)
FINALIZED = gettext_noop(
    "This event is finalized and rated; restoring it in place would change the ratings. "
    "Restore the point as a copy instead."
)


class RestorePointRefused(Refusal):
    """A restore point that cannot be read or restored, with the reason."""


def restore_point_storage():
    return storages[STORAGE]


def points_kept() -> int:
    return settings.RESTORE_POINTS_KEPT


# Taking -----------------------------------------------------------------------------------------


def take_after_commit(
    *, by, tournament: Tournament, reason: str, division_name: str = "", round_number=None
) -> None:
    """A restore point of the event as this write left it: the archive is read now, inside the
    writing transaction (so it holds exactly this write and what came before), and stored once
    the transaction commits (a refused write stores none; no storage I/O under its locks). A
    point that cannot be taken is logged and never undoes the write that asked for it."""
    try:
        packed = pack(tournament, restore_point_storage())
    except Exception:
        logger.exception(
            "No restore point of event %s: its archive could not be read", tournament.pk
        )
        return

    def store() -> None:
        if Tournament.objects.filter(pk=tournament.pk).exists():
            tournament.refresh_from_db(fields=["slug"])
            try:
                store_point(by, tournament, packed, reason, division_name, round_number)
            except BaseGone:  # the changes' base was dropped meanwhile: the whole event now
                whole = pack(tournament, restore_point_storage(), whole=True)
                store_point(by, tournament, whole, reason, division_name, round_number)

    transaction.on_commit(store, robust=True)


def restore_point_take(
    *,
    by,
    tournament: Tournament,
    reason: str = Reason.MANUAL,
    division_name: str = "",
    round_number: int | None = None,
    spare: int | None = None,
) -> RestorePoint:
    """Write the event's archive to the storage and record the point (audited); drop the points
    no longer kept (never ``spare``, the point a restore is reading)."""
    # Taken by hand or before a restore (the restore's undo): whole, read from no earlier point.
    packed = pack(tournament, restore_point_storage(), whole=reason not in CHAINED)
    try:
        return store_point(by, tournament, packed, reason, division_name, round_number, spare)
    except BaseGone:
        packed = pack(tournament, restore_point_storage(), whole=True)
        return store_point(by, tournament, packed, reason, division_name, round_number, spare)


def store_point(
    by, tournament, packed: Packed, reason, division_name, round_number, spare=None
) -> RestorePoint:
    storage = restore_point_storage()
    name = storage.save(
        point_file_name(tournament, packed.taken_at, reason), ContentFile(packed.data)
    )
    point = RestorePoint(
        tournament=tournament,
        tournament_slug=tournament.slug,
        reason=reason,
        division_name=division_name,
        round_number=round_number,
        taken_at=packed.taken_at,
        taken_by=by if getattr(by, "is_authenticated", False) else None,
        file_name=name,
        size=len(packed.data),
        sha256=hashlib.sha256(packed.data).hexdigest(),
        audit_entries=packed.audit_entries,
        base_id=packed.base_id,
        manifest=packed.manifest,
    )
    try:
        with transaction.atomic():
            _record_point(by, point, spare)
    except BaseException:
        storage.delete(name)
        raise
    return point


class BaseGone(Exception):
    """The point a point of changes was read against was dropped before it could be stored."""


def _record_point(by, point: RestorePoint, spare: int | None) -> None:
    # The base locked: a point dropping it now waits, then keeps it (``points_dropped``).
    base = RestorePoint.objects.select_for_update().filter(pk=point.base_id)
    if point.base_id is not None and not base.exists():
        raise BaseGone
    point.save()
    dropped = points_dropped(point.tournament, spare)
    audit_record(
        by=by,
        action="restore_point.take",
        obj=point,
        tournament_id=point.tournament_id,
        after={
            "reason": str(point.reason),
            "division": point.division_name,
            "round": point.round_number,
            "size": point.size,
            "dropped": [p.pk for p in dropped],
        }
        | ({"changes_since": point.base_id} if point.base_id else {}),
    )
    RestorePoint.objects.filter(pk__in=[p.pk for p in dropped]).delete()
    names = [p.file_name for p in dropped]
    transaction.on_commit(lambda: delete_files(names), robust=True)


def points_dropped(tournament: Tournament, spare: int | None = None) -> list[RestorePoint]:
    """The event's points beyond the newest ``RESTORE_POINTS_KEPT``, except the newest point of
    each round's end and ``spare``, and the points those hold changes since (their chains)."""
    points = list(
        RestorePoint.objects.filter(tournament=tournament)
        .order_by("-taken_at", "-id")
        .only("id", "reason", "division_name", "round_number", "file_name", "base_id")
    )
    kept = {p.pk for p in points[: points_kept()]} | {spare}
    round_ends = set()
    for point in points:
        if point.reason == Reason.ROUND_END:
            key = (point.division_name, point.round_number)
            if key not in round_ends:
                round_ends.add(key)
                kept.add(point.pk)
    bases = {p.pk: p.base_id for p in points}
    for pk in list(kept):
        while bases.get(pk) is not None:
            pk = bases[pk]
            kept.add(pk)
    return [p for p in points if p.pk not in kept]


def delete_files(names: list[str]) -> None:
    storage = restore_point_storage()
    for name in names:
        storage.delete(name)


# Reading and restoring --------------------------------------------------------------------------


def event_point(tournament: Tournament, point_id) -> RestorePoint:
    """The restore point ``point_id`` of ``tournament``; a point of another event, or none, is
    refused alike."""
    point = None
    if isinstance(point_id, int) or (isinstance(point_id, str) and point_id.isdigit()):
        point = RestorePoint.objects.filter(pk=int(point_id), tournament=tournament).first()
    if point is None:
        raise RestorePointRefused(NO_SUCH_POINT, point=point_id)
    return point


def restore_point_data(point: RestorePoint) -> bytes:
    """The archive (JSON bytes) of ``point``, checked against the checksum recorded when it was
    taken, never unpacked beyond the archive size limit, every erasure applied
    (``archive.erasure``); a point of changes laid over the points it follows
    (``archive.delta``), each of them checked alike."""
    if not point.depth:
        return erased_archive(stored_archive(point))
    archive = chain_archive(point)
    data = json.dumps(archive, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return erased_archive(data)


def chain_archive(point: RestorePoint) -> dict:
    """The whole archive of the point of changes ``point``: its chain's whole point with each
    point of changes after it laid over it in turn. Refused, naming the point that cannot be
    read, when one of the chain is gone, damaged or does not fit."""
    chain = [point]
    while chain[-1].depth:
        base_id = chain[-1].base_id
        base = None if base_id is None else RestorePoint.objects.filter(pk=base_id).first()
        if base is None or len(chain) > settings.RESTORE_POINT_CHAIN + 1:
            raise RestorePointRefused(BASE_GONE, point=point.pk)
        chain.append(base)
    archive = None
    for link in reversed(chain):
        try:
            archive = _laid(archive, link)
        except RestorePointRefused as err:
            if link is point:
                raise
            raise RestorePointRefused(
                BASE_UNREADABLE, point=point.pk, base=link.pk, reason=err
            ) from err
    return archive


def _laid(archive: dict | None, link: RestorePoint) -> dict:
    """``archive`` (None: nothing yet) with the point ``link`` laid over it."""
    try:
        found = read_json(stored_archive(link), max_bytes=shape.MAX_BYTES)
        if archive is None and not is_delta(found):
            return found
        if archive is not None and is_delta(found):
            return compose(archive, found)
    except (JsonRefused, DeltaBroken):
        pass
    raise RestorePointRefused(POINT_DAMAGED, point=link.pk)


def stored_archive(point: RestorePoint) -> bytes:
    """The archive of ``point`` as stored (checked as ``restore_point_data`` says), no erasure
    applied: for rewriting the point itself."""
    storage = restore_point_storage()
    try:
        with storage.open(point.file_name, "rb") as stored:
            packed = stored.read(point.size + 1)
    except FileNotFoundError:
        raise RestorePointRefused(POINT_MISSING, point=point.pk, name=point.file_name) from None
    if len(packed) != point.size or hashlib.sha256(packed).hexdigest() != point.sha256:
        raise RestorePointRefused(POINT_DAMAGED, point=point.pk)
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(packed)) as unpacked:
            data = unpacked.read(shape.MAX_BYTES + 1)
    except (OSError, EOFError, zlib.error):
        raise RestorePointRefused(POINT_DAMAGED, point=point.pk) from None
    return data


def free_slug(base: str) -> str:
    """``base``, or ``base-2``, ``base-3``... whichever no event has yet."""
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


def copy_slug(tournament: Tournament) -> str:
    return free_slug(f"{tournament.slug[:40]}-copy")


def restore_point_copy(
    *, by, tournament: Tournament, point_id, slug: str | None = None
) -> EventImport:
    """The point imported as a new event (under ``slug``, or ``<slug>-copy``), directed by
    ``by``; the event itself is left as it is. ``ArchiveRefused`` or ``RestorePointRefused``
    with nothing written."""
    point = event_point(tournament, point_id)
    data = restore_point_data(point)
    director = by if getattr(by, "is_authenticated", False) else None
    return event_import(by=by, data=data, slug=slug or copy_slug(tournament), director=director)


def restore_point_in_place(
    *, by, tournament: Tournament, point_id
) -> tuple[EventImport, RestorePoint]:
    """Put ``tournament`` back as it was at the point, keeping its address; first a point of
    the state replaced is taken (restoring that one undoes this). Audited as
    ``tournament.restore``. Returns the import's report and the point taken before."""
    point = event_point(tournament, point_id)
    data = restore_point_data(point)
    taken: list[RestorePoint] = []
    try:
        with transaction.atomic():
            outcome = _replace(by, tournament, point, data, taken)
    except BaseException:
        delete_files([before.file_name for before in taken])
        raise
    outcome.tournament.refresh_from_db()
    return outcome, taken[0]


def _replace(by, tournament: Tournament, point: RestorePoint, data: bytes, taken: list):
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.finalized_at is not None:
        raise RestorePointRefused(FINALIZED)
    # Results written meanwhile wait for the restore, then find their game gone.
    list(
        Pairing.objects.select_for_update(of=("self",))
        .filter(round__division__tournament=tournament)
        .values_list("pk", flat=True)
    )
    before = restore_point_take(
        by=by, tournament=tournament, reason=Reason.BEFORE_RESTORE, spare=point.pk
    )
    taken.append(before)
    # The entry of the point just taken stays in the log, after the restored entries.
    took = AuditEntry.objects.filter(action="restore_point.take", object_id=str(before.pk))
    director = by if getattr(by, "is_authenticated", False) and not by.is_staff else None
    outcome = event_replace(
        by=by,
        tournament=tournament,
        data=data,
        director=director,
        keep_audit=list(took.values_list("pk", flat=True)),
    )
    audit_record(
        by=by,
        action="tournament.restore",
        obj=tournament,
        tournament_id=tournament.pk,
        after={
            "name": outcome.tournament.name,
            "restore_point": point.pk,
            "taken_at": point.taken_at.isoformat(),
            "before_restore_point": before.pk,
            "players_created": len(outcome.players_created),
            "roles_skipped": outcome.roles_skipped,
        },
    )
    return outcome
