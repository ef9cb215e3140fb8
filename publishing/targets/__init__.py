"""Where a round of an event's files goes: a folder, a server over rsync and ssh, or
S3-compatible storage. ``target_from_spec`` reads the target a director or a command names.

Every target does the same four things (``Target``): read the manifest of the last round it
holds, put files, delete files, and write the manifest. The service calls them in that order,
the index pages and the manifest last, so a reader who follows the manifest or the index never
meets a round half written.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable

from django.conf import settings

from core.refusal import Refusal, gettext_noop

from ..plan.manifest import MANIFEST_NAME, STAMP_NAME, manifest_bytes, read_manifest, stamp_bytes


class TargetUnreachable(OSError):
    """The target cannot be reached or written now (no network, host down, disk read-only);
    the round can be tried again later and nothing was lost."""


class BadTarget(Refusal):
    """The target named is not one a round can be sent to."""

    def __init__(self):
        super().__init__(
            gettext_noop("Name a target: a folder, user@host:/path or s3://bucket/prefix.")
        )


class Target(ABC):
    """One place an event is published to (see the module)."""

    spec: str

    @abstractmethod
    def read_bytes(self, path: str) -> bytes | None:
        """The file's bytes, None when there is none."""

    @abstractmethod
    def put_many(self, files: dict[str, bytes]) -> None:
        """Write every file (path below the root -> bytes), each replaced whole."""

    @abstractmethod
    def delete_many(self, paths: Iterable[str]) -> None:
        """Delete the files (missing ones are no error)."""

    def read_manifest(self) -> dict[str, str] | None:
        return read_manifest(self.read_bytes(MANIFEST_NAME))

    def write_manifest(self, file_hashes: dict[str, str]) -> None:
        """The manifest, then the stamp the pages watch: always after the files they name."""
        self.put_many({MANIFEST_NAME: manifest_bytes(file_hashes)})
        self.put_many({STAMP_NAME: stamp_bytes(file_hashes)})

    def __str__(self) -> str:
        return self.spec


_RSYNC = re.compile(r"^(?:[A-Za-z0-9._-]+@)?[A-Za-z0-9._-]+:(?!//)")
MOST_SPEC = 1000


def target_from_spec(spec: str) -> Target:
    """The target ``spec`` names: ``/srv/www/x`` or ``file:///srv/www/x`` (a folder),
    ``user@host:/path`` or ``ssh://user@host:port/path`` (rsync over ssh), ``s3://bucket/prefix``
    (S3-compatible storage, configured by ``PUBLISH_S3_OPTIONS``)."""
    spec = (spec or "").strip()
    if not spec or len(spec) > MOST_SPEC or "\x00" in spec:
        raise BadTarget()
    if spec.startswith("s3://"):
        from .s3 import S3Target

        return S3Target(spec, getattr(settings, "PUBLISH_S3_OPTIONS", {}))
    if spec.startswith("ssh://") or _RSYNC.match(spec):
        from .rsync import RsyncTarget

        return RsyncTarget(spec, getattr(settings, "PUBLISH_SSH_COMMAND", ""))
    from .folder import FolderTarget

    return FolderTarget(spec.removeprefix("file://"))
