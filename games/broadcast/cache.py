"""The broadcast feeds a room of viewers polls: one copy per board and language, 304s after.

They take the one read path of every polled page (``core/polled``): each feed's body is kept in
the cache with its tag, the event's version (``core.versions``, renewed by every audited change
of the event: a turn, a clock press, a broadcast setting) and the event's latest audit entry
(``core.polled.stamps``). A poll whose tag still stands gets 304 from two cache reads and no
query (``core.polled.answer``), and a repeated one from the early path before the rest of the
stack (``core.polled.early``: the kind ``BROADCAST_FEED`` registered here). The copy is built
again when the version moves, by one request however many ask (``core.polled.single_flight``);
where it may be stale without a new version (each server process with its own cache, where
another process's write renews only its own version) it is looked at every ``REBUILD_MS`` with
one query on the audit log and built again only when the event changed; behind a delay (moves
come out as time passes) it is built again every ``REBUILD_MS``. The tag is a hash of the body,
which holds nothing that moves by itself (the clock is sent as of its last press), so every
process gives the same tag.

Public for a second to a shared cache (``CACHE_CONTROL``): docs/DEPLOY.md has the nginx cache
for the feeds, keyed on the address, the language cookie, Accept-Language and gzip rather than
the whole Cookie header the answer varies on.
"""

from __future__ import annotations

import gzip
import hashlib
import json

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.utils.translation import get_language

from core.polled.answer import kept_answer
from core.polled.early import PUBLIC_COPY, register_kind
from core.polled.single_flight import build_once
from core.polled.stamps import latest_change
from core.readers.json_input import read_json
from core.versions import tournament_version
from games.services.clock import now_ms

REBUILD_MS = 500  # a copy that may change without a version change is looked at this often
KEPT_MS = 60_000  # otherwise, at most this long (a live clock keeps ticking on the page)
CACHE_SECONDS = 120
# A shared cache (a proxy in front of the servers) may answer a feed for this long: every viewer
# behind it then costs the servers one request a second per board and language. The event's
# delay is applied here, before the body is made, so a kept copy never shows a move sooner; a
# browser keeps nothing (max-age=0) and asks again with its tag. Not-found answers (a private
# event, an unmarked game) are Django's 404s, never marked public.
CACHE_CONTROL = "public, max-age=0, s-maxage=1"
VARY = ("Cookie", "Accept-Language")
BROADCAST_FEED = "broadcast-feed"  # the early path's kind of the feeds kept here


def _built(build, now: int, stamp: int) -> tuple:
    """(stamp, until, moving, tag, body, gzipped body); tag ``None`` when nothing is found."""
    data = build(now)
    if data is None:
        return stamp, now + REBUILD_MS, False, None, None, None
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    tag = '"' + hashlib.blake2b(body, digest_size=10).hexdigest() + '"'
    moving = bool(data.get("delay", 0))  # behind a delay, moves come out as time passes
    steady = not moving and bool(getattr(settings, "REDIS_URL", ""))
    until = now + (KEPT_MS if steady else REBUILD_MS)
    return stamp, until, moving, tag, body, gzip.compress(body, 4)


def _kept_copy(cache_key: str, tournament_id: int, build) -> tuple:
    """(stamp, until, moving, tag, body, gzipped body) of the copy kept under ``cache_key``,
    built first by one request however many ask when none stands."""
    now = now_ms()
    kept = _current(cache_key, tournament_id, now)
    if kept is None:
        kept = build_once(
            f"{cache_key}:building",
            ready=lambda: _current(cache_key, tournament_id, now),
            build=lambda: _keep(cache_key, build, now, tournament_id),
        )
    return kept[1]


def _cache_key(key: str) -> str:
    return f"desk:broadcast:{key}:{get_language()}"


def kept_data(*, key: str, tournament_id: int | None, build):
    """What ``cached_feed`` with the same ``key`` serves, as data (``None``: not found): a
    page showing a feed's content reads the same kept copy, never a second build of it."""
    if tournament_id is None:
        return None
    body = _kept_copy(_cache_key(key), tournament_id, build)[4]
    return None if body is None else read_json(body)


def cached_feed(request, *, key: str, tournament_id: int | None, build) -> HttpResponse:
    """The JSON of ``build(now_ms)`` (``None``: not found) kept as the module docstring says."""
    if tournament_id is None:
        raise Http404
    cache_key = _cache_key(key)
    _stamp, _until, _moving, tag, body, zipped = _kept_copy(cache_key, tournament_id, build)
    if tag is None:
        raise Http404
    response = kept_answer(
        request, tag=tag, body=body, zipped=zipped, content_type="application/json",
        cache_control=CACHE_CONTROL, vary=VARY, headers=_server_time(),
    )  # fmt: skip
    setattr(response, PUBLIC_COPY, (BROADCAST_FEED, (cache_key, tournament_id), tag))
    return response


def _current(cache_key: str, tournament_id: int, now: int) -> tuple | None:
    """The kept copy if it stands: kept under the event's current version and not due."""
    kept = cache.get(cache_key)
    if kept is None or kept[0] != tournament_version(tournament_id) or now >= kept[1][1]:
        return None
    return kept


def _keep(cache_key: str, build, now: int, tournament_id: int) -> tuple:
    version = tournament_version(tournament_id)
    kept = (version, _fresh(cache.get(cache_key), build, now, tournament_id))
    cache.set(cache_key, kept, CACHE_SECONDS)
    return kept


def _fresh(kept, build, now: int, tournament_id: int) -> tuple:
    """The copy to keep: the old one for another second when nothing was audited since and it
    does not move with time (one query), else built again."""
    stamp = latest_change(tournament_id)
    if kept is not None and kept[1][0] == stamp and not kept[1][2]:
        return (stamp, now + REBUILD_MS, *kept[1][2:])
    return _built(build, now, stamp)


def _server_time() -> dict[str, str]:
    """The server's clock as each answer leaves (the pages set their clocks by it)."""
    return {"X-Server-Ms": str(now_ms())}


def _standing_tag(cache_key: str, tournament_id: int) -> str | None:
    """The early path's check: the tag of the kept copy while it stands (cache reads only)."""
    kept = _current(cache_key, tournament_id, now_ms())
    return None if kept is None else kept[1][3]


register_kind(BROADCAST_FEED, _standing_tag, headers=_server_time)
