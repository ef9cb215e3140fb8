"""Single flight: a copy built by one request however many ask for it at once.

After a change the first request takes a short lock in the shared cache and builds; the others
wait for that build (looking every ``POLL_INTERVAL``), or after ``wait`` seconds take what
``stale`` gives (the previous copy, marked as updating) when there is one. A builder that died
holding the lock frees it after ``LOCK_SECONDS``.
"""

from __future__ import annotations

from collections.abc import Callable
from time import monotonic, sleep
from typing import TypeVar

from django.core.cache import cache

T = TypeVar("T")
LOCK_SECONDS = 10
POLL_INTERVAL = 0.02


def build_once(
    lock: str,
    *,
    ready: Callable[[], T | None],
    build: Callable[[], T],
    stale: Callable[[], T | None] | None = None,
    wait: float = LOCK_SECONDS,
) -> T:
    """``ready()`` if someone built it meanwhile, else ``build()`` under the lock ``lock``."""
    began = monotonic()
    while not cache.add(lock, 1, LOCK_SECONDS):
        sleep(POLL_INTERVAL)
        found = ready()
        if found is not None:
            return found
        waited = monotonic() - began
        if stale is not None and waited > wait:
            previous = stale()
            if previous is not None:
                return previous
        if waited > LOCK_SECONDS:
            break  # the builder died holding the lock: build here
    try:
        found = ready()  # built while this request waited for the lock
        return build() if found is None else found
    finally:
        cache.delete(lock)
