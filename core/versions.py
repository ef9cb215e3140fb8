"""A version per tournament in the shared cache, renewed whenever an audited change is made to it.

The public pages keep their stamp in the cache beside the version it was read under, so a poll
that finds the version unchanged answers 304 without a query. Core holds the version because every
change of state is audited through ``core.audit`` and core imports no app.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import transaction


def tournament_version_key(tournament_id: int) -> str:
    return f"desk:tournament-version:{tournament_id}"


def _renew(tournament_id: int) -> None:
    cache.set(tournament_version_key(tournament_id), uuid.uuid4().hex, None)


def tournament_changed(tournament_id: int) -> None:
    """Renew the tournament's version now and again once the current transaction commits.

    Now, so that a request inside this transaction (or a test that never commits) sees the
    change; again after the commit, because a reader between the two could have read the old
    rows under the first new version.
    """
    _renew(tournament_id)
    transaction.on_commit(lambda: _renew(tournament_id))


def tournament_reread(tournament_id: int) -> None:
    """Renew the tournament's version so that this process reads it afresh from the database.

    With a cache per process (no shared cache) a change another process made renewed only that
    process's version, and this one trusts what it keeps for a few seconds more: a reader that
    must hold every change made so far (a publish) renews its own first. A shared cache holds
    every process's renewals already; renewing it would build every public page again.
    """
    if not settings.REDIS_URL:
        _renew(tournament_id)


def tournament_version(tournament_id: int) -> str:
    """The tournament's current version, starting one when the cache has none (cold, evicted)."""
    key = tournament_version_key(tournament_id)
    found = cache.get(key)
    if found is None:
        cache.add(key, uuid.uuid4().hex, None)
        found = cache.get(key)
    return found


def stamp_seconds() -> int:
    """How long a kept stamp is trusted without a look at the database.

    Long with a shared cache (every process sees every renewal); a few seconds with a cache per
    process, where a change made by another process renews only that process's version.
    """
    return settings.PUBLIC_STAMP_SECONDS
