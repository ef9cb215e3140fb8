"""The broadcast feeds a room of viewers polls: one copy per board and language, 304s after.

Each feed's body is kept in the cache with its tag and the event's version (``core.versions``,
renewed by every audited change of the event: a turn, a clock press, a broadcast setting). A
poll whose tag still stands gets 304 from two cache reads and no query. The copy is worked out
again when the version moves, and at least every second while it may change without a write
(behind a delay, as moves come out of it; or when each server process has its own cache, where
another process's write renews only its own version) — so a move saved at the table reaches a
viewer polling every second within about two seconds.
"""

from __future__ import annotations

import gzip
import hashlib
import json

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from core.versions import tournament_version

from .services.clock import now_ms

REBUILD_MS = 1000  # a copy that may change without a write is worked out again this often
KEPT_MS = 60_000  # otherwise, at most this long (a live clock keeps ticking on the page)
CACHE_SECONDS = 120


def _built(build, now: int) -> tuple[str, bytes, bytes, int] | None:
    data = build(now)
    if data is None:
        return None
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    tag = '"' + hashlib.blake2b(body, digest_size=10).hexdigest() + '"'
    moving = data.get("delay", 0) if isinstance(data, dict) else 0
    steady = not moving and bool(getattr(settings, "REDIS_URL", ""))
    return tag, body, gzip.compress(body, 4), now + (KEPT_MS if steady else REBUILD_MS)


def cached_feed(request, *, key: str, tournament_id: int | None, build) -> HttpResponse:
    """The JSON of ``build(now_ms)`` (``None``: not found) kept as the module docstring says."""
    if tournament_id is None:
        raise Http404
    now = now_ms()
    version = tournament_version(tournament_id)
    cache_key = f"desk:broadcast:{key}:{get_language()}"
    kept = cache.get(cache_key)
    if kept is None or kept[0] != version or now >= kept[1][3]:
        kept = (version, _built(build, now) or (None, None, None, now + REBUILD_MS))
        cache.set(cache_key, kept, CACHE_SECONDS)
    tag, body, zipped, _until = kept[1]
    if tag is None:
        raise Http404
    return _answer(request, tag, body, zipped, now)


def _answer(request, tag: str, body: bytes, zipped: bytes, now: int) -> HttpResponse:
    if tag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    elif "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(zipped, content_type="application/json")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    response["X-Server-Ms"] = str(now)
    patch_vary_headers(response, ("Accept-Encoding", "Cookie", "Accept-Language"))
    return response
