"""The kept public stamp: a division's stamp held in the cache while its tournament's version
stands, so a phone's poll costs one cache round trip and no query."""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.utils import timezone

from core.versions import stamp_seconds, tournament_version, tournament_version_key
from tournaments.selectors.stamps import Stamp, public_division_stamp


def public_stamp_key(slug: str, name: str) -> str:
    return "desk:public-stamp:" + hashlib.sha256(f"{slug}|{name}".encode()).hexdigest()


# Per process: the tournament of each kept stamp, so its version is read in the same round trip.
_tournament_of: dict[str, int] = {}
KNOWN_TOURNAMENTS = 10_000


def forget_stamps() -> None:
    _tournament_of.clear()


def cached_public_stamp(slug: str, name: str) -> Stamp | None:
    """``public_division_stamp`` kept in the cache while its tournament's version stands.

    A poll that finds the kept stamp under the current version costs one cache round trip (the
    stamp and the version together) and no query. The version is read before the database, so
    a change committed meanwhile leaves the kept stamp under a version already old; the first
    request for a division only learns its tournament, and keeps its stamp from the next
    request on. A stamp naming results held back by a broadcast delay stands only until the
    first is let out (``Stamp.held_until``). ``kept_public_stamp`` also gives other values read in that round trip.
    """
    return kept_public_stamp(slug, name)[0]


def kept_public_stamp(
    slug: str, name: str, also: tuple[str, ...] = ()
) -> tuple[Stamp | None, dict]:
    """``cached_public_stamp`` and the cache values of the keys ``also``, read with the stamp.

    The values of ``also`` are given only when the kept stamp stands (they are meant as keys
    derived from the stamp a caller expects).
    """
    key = public_stamp_key(slug, name)
    known = _tournament_of.get(key)
    wanted = [key, *also] + ([] if known is None else [tournament_version_key(known)])
    found = cache.get_many(wanted)
    kept = found.get(key)
    if kept is None:
        stamp = public_division_stamp(slug, name)
        if stamp is not None:
            cache.set(key, (stamp.tournament_id, None, None), stamp_seconds())
        return stamp, {}
    tournament_id, version, stamp = kept
    if known != tournament_id:
        if len(_tournament_of) >= KNOWN_TOURNAMENTS:
            _tournament_of.clear()
        _tournament_of[key] = tournament_id
    current = found.get(tournament_version_key(tournament_id))
    if current is None:  # not asked for yet, or evicted
        current = tournament_version(tournament_id)
    if version == current and not (stamp is not None and stamp.is_stale(timezone.now())):
        return stamp, {k: found[k] for k in also if k in found}
    stamp = public_division_stamp(slug, name)
    if stamp is not None and stamp.tournament_id == tournament_id:
        cache.set(key, (tournament_id, current, stamp), stamp_seconds())
    else:
        cache.delete(key)  # private now, gone, or the name is another tournament's
    return stamp, {}


def standing_kept_stamp(slug: str, name: str) -> Stamp | None:
    """The kept stamp if it stands under its tournament's current version, else None; never
    reads the database nor writes the cache (the early path: anything unsure goes through the
    full stack, which reads and keeps as ``kept_public_stamp`` does)."""
    key = public_stamp_key(slug, name)
    known = _tournament_of.get(key)
    wanted = [key] + ([] if known is None else [tournament_version_key(known)])
    found = cache.get_many(wanted)
    kept = found.get(key)
    if kept is None:
        return None
    tournament_id, version, stamp = kept
    current = found.get(tournament_version_key(tournament_id))
    if current is None and known != tournament_id:
        current = cache.get(tournament_version_key(tournament_id))
    if stamp is None or version is None or version != current:
        return None
    return None if stamp.is_stale(timezone.now()) else stamp
