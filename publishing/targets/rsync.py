"""A server reached over ssh, written with rsync (Debian's ``rsync`` and ``openssh-client``).

``user@host:/srv/www/event`` (or ``ssh://user@host:2222/srv/www/event`` for another port). The
ssh command is ``PUBLISH_SSH_COMMAND`` (default ``ssh -o BatchMode=yes -o ConnectTimeout=10``:
a key, never a password prompt; a test or a deployment adds ``-i key`` and its known hosts).

Each call stages its files in a local folder and sends them with ``rsync --delay-updates``: the
files are written under temporary names on the server and renamed into place together at the
end, so a reader sees none of a call's files or all of them; the service's last call is the
index and the manifest. Deleting runs ``rm`` through ssh with the paths on its input (no shell
quoting of names), then ``rmdir`` the folders they leave empty. Any failure to connect or write is ``TargetUnreachable``.
"""

from __future__ import annotations

import shlex
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..plan.paths import is_safe_path
from . import Target, TargetUnreachable

DEFAULT_SSH = "ssh -o BatchMode=yes -o ConnectTimeout=10"
MOST_SECONDS = 600


def _parsed(spec: str) -> tuple[str, int | None, str]:
    """(user@host, port or None, remote folder) of ``spec``."""
    if spec.startswith("ssh://"):
        parts = urlsplit(spec)
        user = f"{unquote(parts.username)}@" if parts.username else ""
        return user + (parts.hostname or ""), parts.port, unquote(parts.path) or "."
    host, _, folder = spec.partition(":")
    return host, None, folder or "."


class RsyncTarget(Target):
    def __init__(self, spec: str, ssh_command: str = ""):
        self.spec = spec
        self.host, port, folder = _parsed(spec)
        self.folder = folder.rstrip("/") or "/"
        self.ssh = shlex.split(ssh_command or DEFAULT_SSH)
        if port is not None:
            self.ssh += ["-p", str(port)]

    def _run(self, command: list[str], *, stdin: bytes = b"") -> subprocess.CompletedProcess:
        """Run ``command``; one that cannot start, times out or fails leaves the target
        unreachable, with the end of what it said."""
        try:
            done = subprocess.run(
                command, input=stdin, capture_output=True, timeout=MOST_SECONDS, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as err:
            raise TargetUnreachable(f"{self.spec}: {err}") from err
        if done.returncode != 0:
            reason = done.stderr.decode(errors="replace").strip()[-500:]
            raise TargetUnreachable(f"{self.spec}: {reason or done.returncode}")
        return done

    def _remote(self, script: str, *, stdin: bytes = b"") -> subprocess.CompletedProcess:
        return self._run([*self.ssh, self.host, "--", script], stdin=stdin)

    def read_bytes(self, path: str) -> bytes | None:
        if not is_safe_path(path):
            raise ValueError(f"not a published path: {path!r}")
        place = shlex.quote(f"{self.folder}/{path}")
        done = self._remote(f"if [ -f {place} ]; then cat {place}; else echo -n none; fi")
        return None if done.stdout == b"none" else done.stdout

    def put_many(self, files: dict[str, bytes]) -> None:
        if not files:
            return
        with tempfile.TemporaryDirectory(prefix="publishing-") as staged:
            for path, data in files.items():
                if not is_safe_path(path):
                    raise ValueError(f"not a published path: {path!r}")
                place = Path(staged, path)
                place.parent.mkdir(parents=True, exist_ok=True)
                place.write_bytes(data)
            self._send(staged)

    def _send(self, staged: str) -> None:
        command = [
            "rsync",
            "--recursive",
            "--delay-updates",
            "--mkpath",
            "--checksum",
            "--chmod=D755,F644",
            "--protect-args",
            "-e",
            shlex.join(self.ssh),
            f"{staged}/",
            f"{self.host}:{self.folder}/",
        ]
        self._run(command)

    def delete_many(self, paths: Iterable[str]) -> None:
        names = [path for path in paths if is_safe_path(path)]
        if not names:
            return
        folder = shlex.quote(self.folder)
        listed = b"".join(name.encode() + b"\0" for name in names)
        self._remote(f"cd {folder} && xargs -0 rm -f --", stdin=listed)
        # The folders those files leave empty, deepest first (never one that still holds any).
        parents = {str(parent) for name in names for parent in Path(name).parents}
        parents.discard(".")
        deepest = sorted(parents, key=lambda p: p.count("/"), reverse=True)
        listed = b"".join(name.encode() + b"\0" for name in deepest)
        if listed:
            self._remote(
                f"cd {folder} && xargs -0 rmdir --ignore-fail-on-non-empty -- 2>/dev/null; true",
                stdin=listed,
            )
