"""Anonymous COP work, kept away from the web workers: a few slots per server, each request
computed in a child process of its own under a wall-clock cap.

A slot is an exclusive ``flock`` on one of ``COP_PUBLIC_SLOTS`` files in a directory shared by
the server's gunicorn workers, tried without waiting: when every slot is taken the caller is
told at once (``Busy``, the view answers 503 with Retry-After). The web worker that took a slot
forks a child to pair (lower CPU priority, so pages and directors' own rounds come first) and
waits at most ``COP_PUBLIC_SECONDS`` for its answer; past that the child is killed and the
request refused (``TooSlow``). The child inherits the lock, so a slot stays taken for exactly as
long as COP work runs, and a killed worker frees it. Directors' COP rounds never come here.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import multiprocessing
import os
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings

from pairing.cop.engine import CopResponse
from pairing.cop.request import CopRequest
from pairing.cop.service import pair_safely

NICENESS = 10


class Busy(Exception):
    """Every slot is taken."""


class TooSlow(Exception):
    """The request ran past the wall-clock cap and was stopped."""


def slot_dir() -> Path:
    """Where the slot files live: ``COP_PUBLIC_SLOT_DIR``, or one directory per user, site
    checkout and database in the system's temporary directory (shared by the workers)."""
    configured = settings.COP_PUBLIC_SLOT_DIR
    if configured:
        path = Path(configured)
    else:
        site = f"{settings.BASE_DIR}|{settings.DATABASES['default'].get('NAME')}"
        digest = hashlib.sha256(site.encode()).hexdigest()[:12]
        path = Path(tempfile.gettempdir()) / f"desk-cop-slots-{os.getuid()}-{digest}"
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


@contextlib.contextmanager
def slot() -> Iterator[int]:
    """Hold one free slot for the block; ``Busy`` when there is none."""
    folder = slot_dir()
    for number in range(settings.COP_PUBLIC_SLOTS):
        handle = os.open(folder / f"slot-{number}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            continue
        try:
            yield number
        finally:
            os.close(handle)  # the last descriptor closed (ours, or the child's) unlocks
        return
    raise Busy


def pair_anonymous(request: CopRequest) -> CopResponse:
    """Pair a validated request in a slot: ``Busy`` at once when none is free, ``TooSlow``
    past ``COP_PUBLIC_SECONDS``."""
    with slot():
        return _in_child(request, settings.COP_PUBLIC_SECONDS)


def _in_child(request: CopRequest, seconds: float) -> CopResponse:
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_work, args=(request, sender, seconds), daemon=True)
    child.start()
    sender.close()
    try:
        if receiver.poll(seconds):
            with contextlib.suppress(EOFError):
                return receiver.recv()
        raise TooSlow
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join()


def _work(request: CopRequest, sender, seconds: float) -> None:
    """In the child: lower priority, a hard stop a little after the cap, pair, answer."""
    os.nice(NICENESS)
    signal.alarm(int(seconds) + 5)
    sender.send(pair_safely(request))
    sender.close()
