"""The event's ``tourney.js``, kept under its divisions' public stamps.

A poll costs cache round trips only while nothing changed: the event's public division names are
kept under its tournament's version (``core.versions``, renewed by every audited change: a result,
a withdrawal, making the event private), each division's stamp comes from ``kept_public_stamp``
(as the live pages'), and the text is kept under the tag made of those stamps, so a new result
is a new tag and the next poll builds the file again (four queries: the tournament, its divisions, entries and pairings).
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache

from core.versions import stamp_seconds, tournament_version
from tournaments.exports import tourney_js
from tournaments.models import Tournament
from tournaments.selectors.exports import event_export, public_event_divisions

from .stamps import cached_public_stamp

TEXT_SECONDS = 600


def _key(kind: str, text: str) -> str:
    return f"desk:{kind}:" + hashlib.sha256(text.encode()).hexdigest()


def kept_event_divisions(slug: str) -> tuple[int, tuple[str, ...]] | None:
    """``public_event_divisions`` kept while the tournament's version stands.

    The version is read before the database (as ``kept_public_stamp`` does), so a change made
    meanwhile leaves what is kept under a version already old.
    """
    key = _key("public-event-divisions", slug)
    kept = cache.get(key)
    version = None
    if kept is not None:
        tournament_id, kept_version, names = kept
        version = tournament_version(tournament_id)
        if kept_version == version:
            return tournament_id, names
    found = public_event_divisions(slug)
    if found is None:
        cache.delete(key)
        return None
    if kept is not None and kept[0] == found[0]:
        cache.set(key, (found[0], version, found[1]), stamp_seconds())
    else:  # first sight: learn the tournament, keep from the next request on
        cache.set(key, (found[0], None, found[1]), stamp_seconds())
    return found


def tourney_js_tag(slug: str, names: tuple[str, ...]) -> str:
    """A tag naming the state of every public division of the event."""
    parts = []
    for name in names:
        stamp = cached_public_stamp(slug, name)
        parts.append(f"{name}={'-' if stamp is None else stamp.tag}")
    return hashlib.sha256("|".join([slug, *parts]).encode()).hexdigest()[:32]


def cached_tourney_js(tournament_id: int, tag: str) -> str:
    """The ``tourney.js`` text under ``tag``, built once per tag."""
    key = _key("tourney-js", f"{tournament_id}|{tag}")
    text = cache.get(key)
    if text is None:
        text = tourney_js(event_export(Tournament.objects.get(pk=tournament_id), public=True))
        cache.set(key, text, TEXT_SECONDS)
    return text
