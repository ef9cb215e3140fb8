"""The kept division snapshot, built by one request however many ask.

``cached_snapshot`` keeps ``division_snapshot`` (tournaments/selectors/snapshot.py) in the cache
under the division and its stamp; after a change the first request builds it and the others wait
for that one build or, after a moment, get the previous stamp's snapshot marked as updating
(``core.polled.single_flight``). Each process also remembers the last few snapshots it used, so a page costs
no unpickling.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from django.core.cache import cache

from core.polled.single_flight import build_once
from tournaments.models import Division
from tournaments.selectors.snapshot import SNAPSHOT_SHAPE, DivisionSnapshot, division_snapshot
from tournaments.selectors.stamps import Stamp

SNAPSHOT_SECONDS = 6 * 3600
# Seconds a request waits for another's build before taking the previous snapshot (marked
# updating): under load every page of the division waits on that build, so keep it short (a
# build takes 60-65 ms on a quiet machine; 0.15 s here gave a p99 of 373 ms under `bench load`
# with 50 clients, 0.05 s 314 ms).
WAIT_BEFORE_STALE = 0.05
REMEMBERED = 8

_remembered: OrderedDict[str, DivisionSnapshot] = OrderedDict()
_remembered_lock = threading.Lock()


def forget_snapshots() -> None:
    with _remembered_lock:
        _remembered.clear()


def _remember(key: str, snapshot: DivisionSnapshot) -> DivisionSnapshot:
    with _remembered_lock:
        _remembered[key] = snapshot
        _remembered.move_to_end(key)
        while len(_remembered) > REMEMBERED:
            _remembered.popitem(last=False)
    return snapshot


def _recalled(key: str) -> DivisionSnapshot | None:
    # Only while the shared cache still has it: a cleared or evicted cache forgets it here too.
    with _remembered_lock:
        found = _remembered.get(key)
    if found is not None and cache.has_key(key):
        return found
    return None


def snapshot_key(division_id: int, tag: str) -> str:
    return f"desk:snapshot:{SNAPSHOT_SHAPE}:{division_id}:{tag}"


def latest_key(division_id: int) -> str:
    return f"desk:snapshot:{SNAPSHOT_SHAPE}:{division_id}:latest"


def cached_snapshot(division: Division, stamp: Stamp) -> DivisionSnapshot:
    """The snapshot of ``division`` at stamp ``tag``, built by one request however many ask.

    Only public divisions are kept: a private one's snapshot is built for the caller and never
    enters the shared cache (nor this process's memory of it).
    """
    if not division.tournament.is_public:
        return division_snapshot(division, stamp)
    tag = stamp.tag
    key = snapshot_key(division.pk, tag)
    found = _recalled(key) or cache.get(key)
    if found is None:
        found = build_once(
            f"{key}:building",
            ready=lambda: cache.get(key),
            build=lambda: _build(division, stamp, key),
            stale=None if _fresh_only.get() else lambda: _updating(division.pk, tag),
            wait=WAIT_BEFORE_STALE,
        )
        if found.updating:
            return found
    return _remember(key, found)


# Set while a publish reads the pages (``fresh_snapshots``).
_fresh_only: ContextVar[bool] = ContextVar("fresh_only", default=False)


@contextmanager
def fresh_snapshots() -> Iterator[None]:
    """Within: a snapshot another request is building is waited for, never stood in for by the
    previous one marked as updating. A publish records the changes it holds: its pages must
    hold them (a phone may take the previous snapshot for a moment; a published copy stays)."""
    token = _fresh_only.set(True)
    try:
        yield
    finally:
        _fresh_only.reset(token)


def _build(division: Division, stamp: Stamp, key: str) -> DivisionSnapshot:
    found = division_snapshot(division, stamp)
    # The latest names its snapshot's tag: the snapshot is pickled once, not twice.
    cache.set_many({key: found, latest_key(division.pk): stamp.tag}, SNAPSHOT_SECONDS)
    return found


def _updating(division_id: int, tag: str) -> DivisionSnapshot | None:
    previous = _previous(division_id, tag)
    return None if previous is None else replace(previous, updating=True)


def _previous(division_id: int, tag: str) -> DivisionSnapshot | None:
    """The division's latest kept snapshot when it is not of stamp ``tag`` (None: none kept)."""
    latest = cache.get(latest_key(division_id))
    if latest is None or latest == tag:
        return None
    key = snapshot_key(division_id, latest)
    return _recalled(key) or cache.get(key)
