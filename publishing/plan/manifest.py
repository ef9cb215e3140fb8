"""The manifest of a published event: every file's path and the hash of its bytes.

A target keeps the manifest of its last round beside the files (``MANIFEST_NAME``); the next
round hashes its files, compares (``diff``) and sends only what changed. The manifest's own hash
names the round (``manifest_hash``), which is what the pages' refresh script watches.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

MANIFEST_NAME = "manifest.json"
# The tiny file the refresh script polls: the round's hash only, written after the manifest.
STAMP_NAME = "stamp.json"
FORMAT = 1


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def hashes(files: dict[str, bytes]) -> dict[str, str]:
    """Path -> hash of every file, sorted by path so equal rounds give equal manifests."""
    return {path: content_hash(files[path]) for path in sorted(files)}


def manifest_bytes(file_hashes: dict[str, str]) -> bytes:
    body = {"format": FORMAT, "files": dict(sorted(file_hashes.items()))}
    return json.dumps(body, separators=(",", ":"), sort_keys=True).encode()


def manifest_hash(file_hashes: dict[str, str]) -> str:
    return content_hash(manifest_bytes(file_hashes))


def stamp_bytes(file_hashes: dict[str, str]) -> bytes:
    return json.dumps({"manifest": manifest_hash(file_hashes)}).encode()


def read_manifest(data: bytes | None) -> dict[str, str] | None:
    """The path -> hash map of a stored manifest; None when there is none or it is unreadable
    (the next round then sends every file, which is always safe)."""
    if not data:
        return None
    try:
        body = json.loads(data.decode())
    except (UnicodeDecodeError, ValueError):
        return None
    files = body.get("files") if isinstance(body, dict) else None
    if body.get("format") != FORMAT or not isinstance(files, dict):
        return None
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        return None
    return files


@dataclass(frozen=True)
class Diff:
    new: tuple[str, ...]
    changed: tuple[str, ...]
    removed: tuple[str, ...]
    unchanged: int

    @property
    def to_send(self) -> tuple[str, ...]:
        return self.new + self.changed


def diff(before: dict[str, str] | None, after: dict[str, str]) -> Diff:
    """What a round must send and delete to turn a target holding ``before`` into ``after``.
    No manifest before (``None``): every file is new and nothing is known to delete."""
    before = before or {}
    new = tuple(sorted(p for p in after if p not in before))
    changed = tuple(sorted(p for p in after if p in before and before[p] != after[p]))
    removed = tuple(sorted(p for p in before if p not in after))
    return Diff(new, changed, removed, len(after) - len(new) - len(changed))
