"""An erasure reaches the restore points: each point holding the person is rewritten without
them (``archive.erasure``), its checksum and size recorded anew, the old file deleted. Called by
``config.person_data.person_erase`` in the erasure's transaction; a point's file is replaced
only after it commits."""

from __future__ import annotations

import gzip
import hashlib
import json

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q

from core.readers.json_input import read_json

from ..archive import shape
from ..archive.erasure import archive_erase
from ..models import RestorePoint
from .restore_points import (
    RestorePointRefused,
    delete_files,
    restore_point_storage,
    stored_archive,
)


def packed(archive: dict) -> bytes:
    data = json.dumps(archive, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return gzip.compress(data, compresslevel=5, mtime=0)


def restore_points_erase(*, player_id: int) -> int:
    """Rewrite every restore point holding player ``player_id`` (of an event they entered, or
    of an event since deleted); the number rewritten."""
    points = RestorePoint.objects.filter(
        Q(tournament__divisions__entries__player_id=player_id) | Q(tournament__isnull=True)
    ).distinct()
    rewritten = 0
    for point in points:
        try:
            archive = read_json(stored_archive(point), max_bytes=shape.MAX_BYTES)
        except RestorePointRefused:
            continue  # a missing or damaged file: the ledger still applies when it is read
        if archive_erase(archive, {player_id}):
            _replace_file(point, packed(archive))
            rewritten += 1
    return rewritten


def _replace_file(point: RestorePoint, data: bytes) -> None:
    storage = restore_point_storage()
    old = point.file_name
    name = storage.save(f"erased-{old.removeprefix('erased-')}", ContentFile(data))
    RestorePoint.objects.filter(pk=point.pk).update(
        file_name=name, size=len(data), sha256=hashlib.sha256(data).hexdigest()
    )
    transaction.on_commit(lambda: delete_files([old]))
