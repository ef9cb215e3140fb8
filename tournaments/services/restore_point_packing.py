"""Packing a restore point: the event's archive, whole or only the changes since its newest
point (``archive.delta``), gzip-compressed, with the manifest the next point reads."""

from __future__ import annotations

import gzip
import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.utils import timezone
from django.utils.text import slugify

from ..archive.delta import delta_read, whole_read
from ..models import RestorePoint, Tournament


@dataclass(frozen=True)
class Packed:
    """An event's archive as it stood when packed: gzip-compressed JSON, and its log's length;
    when it holds only the changes since the point ``base_id``, that point; its manifest."""

    data: bytes
    audit_entries: int
    taken_at: datetime
    base_id: int | None = None
    manifest: dict = field(default_factory=dict)


def pack(tournament: Tournament, storage, whole: bool = False) -> Packed:
    """The event's archive now: only what changed since its newest point when that point may
    be a base (``chain_base``), else (or when ``whole``) all of it."""
    base = None if whole else chain_base(tournament, storage)
    found = None if base is None else delta_read(tournament, base.manifest)
    if found is None:
        base = None
        found = whole_read(tournament)
    archive, manifest = found
    data = json.dumps(archive, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Packed(
        gzip.compress(data, compresslevel=5, mtime=0),
        manifest["audit_count"],
        timezone.now(),
        None if base is None else base.pk,
        manifest,
    )


def chain_base(tournament: Tournament, storage) -> RestorePoint | None:
    """The event's newest point, when the next may hold only the changes since it: it has a
    manifest, its chain is shorter than ``RESTORE_POINT_CHAIN``, and its file is there."""
    newest = RestorePoint.objects.filter(tournament=tournament).only("id", "file_name", "manifest")[
        :1
    ]
    base = next(iter(newest), None)
    if base is None or not base.manifest or base.depth + 1 > settings.RESTORE_POINT_CHAIN:
        return None
    if not storage.exists(base.file_name):
        return None  # a base whose file is gone could not be restored: a whole point instead
    return base


def point_file_name(tournament: Tournament, taken_at, reason: str) -> str:
    """``<event id>-<slug>/<moment>-<reason>-<random>.json.gz``: the slug in ASCII for people
    copying the files off the server, the random part so that no two points share a name."""
    slug = slugify(tournament.slug)[:40] or "event"
    moment = taken_at.strftime("%Y%m%dT%H%M%S")
    return f"{tournament.pk}-{slug}/{moment}-{reason}-{secrets.token_hex(4)}.json.gz"
