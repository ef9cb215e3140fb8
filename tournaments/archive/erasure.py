"""Erasures reach every archive the site keeps: an archive of an event (a restore point) holds
the players as they were when it was taken, so a person erased since would come back with it.

The ledger is the audit log's ``player.erase`` entries (kept as long as the site runs): every
player erased, by id. ``archive_erase`` gives each erased player of an archive the anonymous
label and empty personal fields the site now holds for them, and removes their old name, sort
name and member id from every other text of the archive (its audit entries, notes, tags).
Restore points are rewritten when a person is erased (``services.restore_point_erasure``) and
the ledger is applied again whenever one is read (download, restore as a copy or in place), so
a point written before, or restored from a backup of the files, is erased too.
"""

from __future__ import annotations

import json

from core.models import AuditEntry
from core.readers.json_input import JsonRefused, read_json
from players.erasure import anonymous_label

from . import shape

PERSONAL = ("name", "sort_name", "country", "member_id")
SHORTEST_SCRUBBED = 3  # a one- or two-letter name or id is no name: left in other texts


def erased_ids() -> set[int]:
    """Every player erased on this site (the ledger)."""
    ids = AuditEntry.objects.filter(action="player.erase", object_type="players.player")
    return {int(pk) for pk in ids.values_list("object_id", flat=True) if pk.isdigit()}


def erased_archive(data: bytes, erased: set[int] | None = None) -> bytes:
    """``data`` (an archive's JSON) with the erased players (default: the ledger's)
    anonymised; unchanged when it holds none, or is no archive (the import then says why)."""
    try:
        archive = read_json(data, max_bytes=shape.MAX_BYTES)
    except JsonRefused:
        return data
    if not archive_erase(archive, erased_ids() if erased is None else erased):
        return data
    return json.dumps(archive, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def archive_erase(archive: dict, erased: set[int]) -> bool:
    """Anonymise in ``archive`` (in place) every player whose id is in ``erased``; True when
    anything changed."""
    players = archive.get("players") if isinstance(archive, dict) else None
    if not isinstance(players, list):
        return False
    old: list[tuple[str, str]] = []
    for record in players:
        if not isinstance(record, dict) or record.get("id") not in erased:
            continue
        label = anonymous_label(record["id"])
        new = {"name": label, "sort_name": label, "country": "", "member_id": ""}
        for field in PERSONAL:
            value = record.get(field)
            if isinstance(value, str) and value != new[field]:
                if len(value) >= SHORTEST_SCRUBBED and field != "country":
                    old.append((value, label if field != "member_id" else ""))
                record[field] = new[field]
    if not old:
        return False
    old.sort(key=lambda pair: -len(pair[0]))  # "Ann Lee-Smith" before "Ann Lee"
    for key, value in archive.items():
        if key != "players":
            archive[key] = _scrubbed(value, old)
    return True


def _scrubbed(value, old: list[tuple[str, str]]):
    if isinstance(value, str):
        for text, replacement in old:
            value = value.replace(text, replacement)
        return value
    if isinstance(value, list):
        return [_scrubbed(item, old) for item in value]
    if isinstance(value, dict):
        return {key: _scrubbed(item, old) for key, item in value.items()}
    return value
