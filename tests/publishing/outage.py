"""Taking a folder target away for a while, as a venue's disk or share goes, and a reader
that polls a published folder as a browser or a CDN would."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

from publishing.plan.manifest import MANIFEST_NAME, content_hash


def _read_only_mount(folder: Path) -> bool:
    """Bind the folder read-only onto itself (root with the right to mount)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(
        ["mount", "--bind", "-o", "ro", str(folder), str(folder)], capture_output=True
    )
    return done.returncode == 0


@contextlib.contextmanager
def unreachable(folder: Path):
    """While open, nothing can be written in ``folder`` (what it holds can still be read): a
    read-only mount as root, the folders made read-only for anyone else; root without the
    right to mount gets the folder moved away and its path blocked by a file, as a share
    gone from its mount point."""
    if _read_only_mount(folder):
        try:
            yield "read-only mount"
        finally:
            # Lazily: the reader may hold a file open at that moment.
            subprocess.run(["umount", "--lazy", str(folder)], check=True)
        return
    if os.geteuid() != 0:
        folders = [folder, *(p for p in folder.rglob("*") if p.is_dir())]
        for each in folders:
            each.chmod(0o555)
        try:
            yield "read-only folders"
        finally:
            for each in folders:
                each.chmod(0o755)
        return
    away = folder.with_name(folder.name + ".away")
    folder.rename(away)
    folder.write_bytes(b"")
    try:
        yield "share gone"
    finally:
        folder.unlink()
        away.rename(folder)


LOOKS_KEPT = 5000


class Reader(threading.Thread):
    """Polls the folder until stopped: reads the manifest, every file it names, and the
    manifest again. A look where the manifest stayed the same must find every named file, each
    with the bytes of that round or of a later one (a round writes its files before its
    manifest, so a file may already be newer; it may never be older nor missing)."""

    def __init__(self, folder: Path):
        super().__init__(daemon=True)
        self.folder = folder
        self.stop = threading.Event()
        self.looks: list[tuple[dict[str, str], dict[str, str | None]]] = []

    def _manifest(self) -> dict[str, str] | None:
        try:
            return json.loads((self.folder / MANIFEST_NAME).read_bytes())["files"]
        except (OSError, ValueError):
            return None

    def _hash(self, path: str) -> str | None:
        try:
            return content_hash((self.folder / path).read_bytes())
        except OSError:
            return None

    def run(self) -> None:
        while not self.stop.is_set():
            time.sleep(0.001)  # a poll's pause: lets the publish run between looks
            before = self._manifest()
            if before is None or len(self.looks) >= LOOKS_KEPT:
                continue
            seen = {path: self._hash(path) for path in before}
            if self._manifest() == before:
                self.looks.append((before, seen))

    def problems(self, rounds: list[dict[str, str]]) -> list[str]:
        """What a look saw that no round written after the one it read explains."""
        found = []
        for manifest, seen in self.looks:
            later = rounds[rounds.index(manifest) :] if manifest in rounds else []
            if not later:
                found.append("a manifest no round wrote")
                continue
            for path, digest in seen.items():
                if digest is None or all(r.get(path) != digest for r in later):
                    found.append(f"{path}: {'missing' if digest is None else 'older bytes'}")
        return found
