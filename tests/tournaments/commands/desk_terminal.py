"""Driving ``manage.py desk`` as a person does: in its own process on a pseudo-terminal (the
standard library's ``pty``), typing lines and reading what comes back. The process works on the
test's own data: the SQLite test database is copied to a file it opens and copied back when it
has ended (on PostgreSQL it opens the test database itself; the test's rows are committed)."""

from __future__ import annotations

import os
import pty
import select
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[3]
ANSWER_SECONDS = 60  # how long to wait for an answer before failing (Django starts first)
# Where the kernel shows a process blocked reading a terminal (/proc/PID/wchan): readline waits
# in select or poll, a plain read in the terminal's line discipline.
BLOCKED_READING = ("select", "poll", "wait_woken", "n_tty_read")


@contextmanager
def shared_database(tmp_path: Path):
    """A DATABASE_URL holding the test's data; what the console wrote is read back after."""
    if connection.vendor == "postgresql":
        db = settings.DATABASES["default"]
        yield f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
        return
    path = tmp_path / "desk.sqlite3"
    connection.ensure_connection()
    target = sqlite3.connect(path)
    connection.connection.backup(target)
    target.close()
    yield f"sqlite:///{path}"
    source = sqlite3.connect(path)
    source.backup(connection.connection)
    source.close()


class Console:
    """One ``manage.py desk`` on a pseudo-terminal."""

    def __init__(
        self, args: list[str], database_url: str, home: Path, *, launcher: tuple = ()
    ) -> None:
        env = os.environ | {"DATABASE_URL": database_url, "HOME": str(home), "TERM": "dumb"}
        env.pop("REDIS_URL", None)
        env.pop("PYTEST_XDIST_WORKER", None)
        master, child = pty.openpty()
        self.fd = master
        self.process = subprocess.Popen(
            [*launcher, sys.executable, str(ROOT / "manage.py"), "desk", *args],
            cwd=home,
            env=env,
            stdin=child,
            stdout=child,
            stderr=child,
            start_new_session=True,
        )
        os.close(child)
        self.pending = ""
        self.transcript = ""

    def expect(self, text: str) -> str:
        """Wait until ``text`` is written; what was written before it since the last wait."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while text not in self.pending:
            left = deadline - time.monotonic()
            ready = select.select([self.fd], [], [], max(left, 0))[0] if left > 0 else []
            chunk = self._read() if ready else b""
            if not chunk:
                raise AssertionError(f"never saw {text!r}; the console wrote:\n{self.transcript}")
            decoded = chunk.decode("utf-8", "replace").replace("\r\n", "\n")
            self.pending += decoded
            self.transcript += decoded
        before, _found, self.pending = self.pending.partition(text)
        return before

    def _read(self) -> bytes:
        try:
            return os.read(self.fd, 4096)
        except OSError:  # the console has ended and the terminal is closed
            return b""

    def type(self, line: str) -> None:
        """Type ``line`` and press Enter."""
        self.send(line + "\r")

    def send(self, keys: str) -> None:
        """Press ``keys`` (a Tab, a control key) without Enter."""
        os.write(self.fd, keys.encode())

    def ctrl_d(self) -> None:
        os.write(self.fd, b"\x04")

    def ctrl_c(self) -> None:
        """Ctrl-C once the console waits for a key. A SIGINT that lands after the prompt is
        written but before the console blocks reading is only seen at the next key (Python's
        readline then waits in select with the signal already taken), which a person's slower
        hand never meets; so wait until the kernel shows the process waiting on the terminal."""
        self.wait_reading()
        os.kill(self.process.pid, signal.SIGINT)

    def wait_reading(self) -> None:
        deadline = time.monotonic() + ANSWER_SECONDS
        wchan = Path(f"/proc/{self.process.pid}/wchan")
        while time.monotonic() < deadline:
            waiting_on = wchan.read_text() if wchan.exists() else "select"
            if any(word in waiting_on for word in BLOCKED_READING):
                return
            time.sleep(0.01)  # a poll of the process's state, not a margin any assertion uses
        raise AssertionError(f"the console never waited for a key; it wrote:\n{self.transcript}")

    def finish(self) -> int:
        """Wait for the console to end; its exit status."""
        try:
            return self.process.wait(timeout=ANSWER_SECONDS)
        finally:
            os.close(self.fd)


# Starts the console as a script's background job would: with Ctrl-C (SIGINT) ignored, which
# the program it runs inherits (``exec`` keeps an ignored signal ignored).
IGNORING_CTRL_C = ("sh", "-c", 'trap \'\' INT; exec "$0" "$@"')


@contextmanager
def console(tmp_path: Path, *args: str, launcher: tuple = ()):
    """A running console on the test's data; it must have ended by the end of the block."""
    with shared_database(tmp_path) as url:
        history = str(tmp_path / "history")
        running = Console([*args, "--history", history], url, tmp_path, launcher=launcher)
        try:
            yield running
        finally:
            if running.process.poll() is None:
                running.process.kill()
                running.finish()
