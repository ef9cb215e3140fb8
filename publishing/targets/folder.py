"""A folder on this machine (or a mounted share), served by any web server.

Each file is written under a temporary name beside its place and renamed over it, so a reader
gets the old file or the new one, never part of one; the caller writes the index and manifest
after the rest. A folder that cannot be written (a share gone, a disk made read-only) is
``TargetUnreachable``: the round waits and is tried again.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from ..plan.paths import is_safe_path
from . import Target, TargetUnreachable


class FolderTarget(Target):
    def __init__(self, folder: str):
        self.spec = folder
        self.root = Path(folder)

    def _path(self, path: str) -> Path:
        if not is_safe_path(path):
            raise ValueError(f"not a published path: {path!r}")
        return self.root / path

    def read_bytes(self, path: str) -> bytes | None:
        try:
            return self._path(path).read_bytes()
        except FileNotFoundError:
            return None
        except OSError as err:
            raise TargetUnreachable(f"{self.root}: {err.strerror}") from err

    def put_many(self, files: dict[str, bytes]) -> None:
        try:
            for path, data in files.items():
                self._write(self._path(path), data)
        except OSError as err:
            raise TargetUnreachable(f"{self.root}: {err.strerror or err}") from err

    @staticmethod
    def _write(place: Path, data: bytes) -> None:
        place.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=place.parent, prefix=".publishing-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.chmod(temporary, 0o644)  # the web server reads it as another user
            os.replace(temporary, place)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def delete_many(self, paths: Iterable[str]) -> None:
        folders = set()
        try:
            for path in paths:
                place = self._path(path)
                place.unlink(missing_ok=True)
                folders.add(place.parent)
            for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):
                self._prune(folder)
        except OSError as err:
            raise TargetUnreachable(f"{self.root}: {err.strerror or err}") from err

    def _prune(self, folder: Path) -> None:
        """Remove folders left empty, up to (not including) the root."""
        while folder != self.root and self.root in folder.parents:
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent
