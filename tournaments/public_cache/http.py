"""HTTP caching of the public division pages a room of phones polls.

Every such page:

- answers ``If-None-Match``/``If-Modified-Since`` with 304 after one query
  (``public_division_stamp``: latest pairing, report and version sum of the division, and the
  latest audited change of its tournament), before any other work; the stamp is kept in the
  cache while its tournament's version stands (``cached_public_stamp``), so a poll that finds
  nothing new touches no database;
- renders from the division's snapshot (``selectors.snapshot``), built once per stamp;
- is gzipped for anonymous visitors who accept it (their pages carry no CSRF token or other
  secret, so compression cannot leak one: BREACH);
- says ``Cache-Control: max-age=10`` (public for anonymous visitors, private once logged in);
- varies on ``HX-Request``, since the same URL gives an htmx partial or a whole page, and on
  ``Cookie`` and ``Accept-Language``, since the language comes from the switcher's cookie or the
  browser (``core.languages``): a shared cache must not hand a Thai page to a Swahili reader.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import threading

from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import http_date, quote_etag
from django.utils.translation import get_language
from django.views.decorators.http import condition

from core.polled.answer import accepts_gzip, named_gzip
from core.polled.early import PUBLIC_COPY, forget_early_pages, register_kind
from tournaments.middleware import apply_event_language, event_language
from tournaments.models import Division
from tournaments.selectors.held import NOTHING_HELD, held_for
from tournaments.selectors.snapshot import DivisionSnapshot, division_snapshot
from tournaments.selectors.stamps import Stamp

from .snapshots import cached_snapshot, forget_snapshots
from .stamps import forget_stamps, kept_public_stamp, standing_kept_stamp

MAX_AGE = 10
GZIP_LEVEL = 4
SHARED_COPY_SECONDS = 600
KEPT_HEADERS = ("Content-Disposition", "Access-Control-Allow-Origin")
# What a page's language is read from (the switcher's cookie, the browser's preference).
LANGUAGE_VARY = ("Cookie", "Accept-Language")
DIVISION_PAGE = "division"  # the early path's kind of the pages kept here


def _standing_tag(slug: str, name: str) -> str | None:
    """The tag of the division's stamp kept in the cache, if it stands (no query, no write)."""
    stamp = standing_kept_stamp(slug, name)
    return None if stamp is None else stamp.tag


register_kind(DIVISION_PAGE, _standing_tag)


def _variant(request) -> str:
    """What besides the data changes the page: partial or whole, language, who is looking."""
    who = request.user.pk if request.user.is_authenticated else "anon"
    return f"{'hx' if request.headers.get('HX-Request') else 'page'}-{get_language()}-{who}"


def _stamp(request, tournament_slug, division_name, **kwargs) -> Stamp | None:
    """The division's stamp, read once per request (None: no such public division).

    A visitor's request also asks, in the same cache round trip, for the page copy kept under
    the stamp this process saw last for the division: between two changes, that is the page.
    """
    if not hasattr(request, "_division_stamp"):
        seen = (tournament_slug, division_name)
        # The event's language as this process last saw it, so the guessed copy is in it.
        guessed_language = _last_languages.get(seen, "")
        if guessed_language:
            apply_event_language(request, guessed_language)
        guess = ()
        if seen in _last_tags and not request.user.is_authenticated:
            guess = (_copy_key(request, f"{_last_tags[seen]}-{_variant(request)}"),)
        stamp, found = kept_public_stamp(tournament_slug, division_name, guess)
        request._division_stamp = stamp
        request._guessed_copy = (guess[0], found.get(guess[0])) if guess else None
        language = event_language(tournament_slug) if stamp is None else stamp.language
        if language != guessed_language:
            apply_event_language(request, language)
            request._guessed_copy = None  # guessed in another language
            _last_languages[seen] = language
        if stamp is not None and _last_tags.get(seen) != stamp.tag:
            if len(_last_tags) >= KNOWN_DIVISIONS:
                _last_tags.clear()
                _last_languages.clear()
            _last_tags[seen] = stamp.tag
    return request._division_stamp


# Per process: the last stamp tag and event language seen for each (tournament slug, division).
_last_tags: dict[tuple[str, str], str] = {}
_last_languages: dict[tuple[str, str], str] = {}
KNOWN_DIVISIONS = 10_000


def _etag(request, tournament_slug, division_name, **kwargs) -> str | None:
    found = _stamp(request, tournament_slug, division_name)
    return None if found is None else f"{found.tag}-{_variant(request)}"


def remembered_division(request, tournament_slug: str, division_name: str, read) -> Division:
    """``read(request, slug, name)``, or for a visitor the division read under the same stamp.

    Every audited change of a tournament gives its divisions a new stamp, so the division and
    tournament read under a stamp stay what the database holds: a room of phones costs no query
    for them. The instance is shared between requests: read-only.
    """
    stamp = getattr(request, "_division_stamp", None)
    if stamp is None or request.user.is_authenticated:
        return read(request, tournament_slug, division_name)
    key = (tournament_slug, division_name, stamp.tag)
    found = _divisions.get(key)
    if found is None:
        found = read(request, tournament_slug, division_name)
        with _divisions_lock:
            while len(_divisions) >= KEPT_DIVISIONS:
                _divisions.pop(next(iter(_divisions)))
            _divisions[key] = found
    return found


# Per process: (slug, name, stamp tag) -> the division and its tournament, oldest first.
_divisions: dict[tuple[str, str, str], Division] = {}
_divisions_lock = threading.Lock()
KEPT_DIVISIONS = 64


def forget_remembered() -> None:
    """Drop what this process remembers of stamps, divisions and snapshots (tests: a new world)."""
    _last_tags.clear()
    _last_languages.clear()
    _divisions.clear()
    forget_stamps()
    forget_snapshots()
    forget_early_pages()


def _last_modified(request, tournament_slug, division_name, **kwargs):
    found = _stamp(request, tournament_slug, division_name)
    # With a per-user variant only the ETag is safe: Last-Modified would match across users.
    if found is None or request.user.is_authenticated:
        return None
    return found.changed_at


def page_snapshot(request, division) -> DivisionSnapshot:
    """The snapshot a division page renders from: the kept one of its stamp when public.

    A private division (seen by those who run it) is read for the request and never kept, as
    is the snapshot of those who may enter the division's results while a broadcast delay holds
    some back (``selectors.held.held_for``).
    """
    stamp = getattr(request, "_division_stamp", None)
    if stamp is None or not division.tournament.is_public or stamp.division_id != division.pk:
        return division_snapshot(division, held=held_for(request.user, division))
    if stamp.held and request.user.is_authenticated and not held_for(request.user, division):
        # Whoever may enter the results sees those the delay holds: read for them, not kept.
        return division_snapshot(division, stamp, held=NOTHING_HELD)
    found = cached_snapshot(division, stamp)
    if found.updating:
        request._stale_snapshot = found
    return found


def _mark_stale(request, response) -> None:
    """A page from the previous snapshot keeps that snapshot's validators and a short life.

    Under the new stamp's ETag a phone would keep the old page through every 304 to come.
    """
    stale = request._stale_snapshot
    response["ETag"] = quote_etag(f"{stale.tag}-{_variant(request)}")
    if stale.stamp_changed_at is not None and not request.user.is_authenticated:
        response["Last-Modified"] = http_date(stale.stamp_changed_at.timestamp())


def _copy_key(request, tag: str) -> str:
    return "desk:page:" + hashlib.sha256(f"{request.get_full_path()}|{tag}".encode()).hexdigest()


def _kept_copy(request, key: str) -> dict | None:
    guessed = getattr(request, "_guessed_copy", None)
    if guessed is not None and guessed[0] == key:
        return guessed[1]  # read with the stamp (None: not kept)
    return cache.get(key)


def _shared_copy(view):
    """Serve anonymous visitors a copy kept under the URL and the stamp, or build and keep one.

    The copy holds the page and its gzip body (compressed once per stamp, not per visitor).
    """

    def serve(request, *args, **kwargs):
        tag = _etag(request, kwargs.get("tournament_slug"), kwargs.get("division_name"))
        if tag is None or request.user.is_authenticated:
            response = view(request, *args, **kwargs)
            if hasattr(request, "_stale_snapshot"):
                _mark_stale(request, response)
            return response
        key = _copy_key(request, tag)
        kept = _kept_copy(request, key)
        if kept is not None:
            response = HttpResponse(kept["content"], content_type=kept["type"])
            for header, value in kept["headers"].items():
                response[header] = value
            response.kept_gzip = kept.get("gzip")
            return response
        response = view(request, *args, **kwargs)
        if hasattr(request, "_stale_snapshot"):
            _mark_stale(request, response)
        elif response.status_code == 200 and not response.streaming:
            headers = {h: response[h] for h in KEPT_HEADERS if h in response}
            response.kept_gzip = _gzip_body(response.content)
            kept = {"content": response.content, "type": response["Content-Type"]}
            kept |= {"headers": headers, "gzip": response.kept_gzip}
            cache.set(key, kept, SHARED_COPY_SECONDS)
        return response

    return serve


def _gzip_body(content: bytes) -> bytes | None:
    """The gzip body of ``content`` as Django's gzip would send it, less its random file name.

    None when not worth sending compressed (short, or no smaller).
    """
    if len(content) < 200:
        return None
    # Level 4, not Django's 6: the 334 KB crosstable of a 400 x 31 division compresses in 4 ms
    # rather than 12 ms, to 88 KB rather than 82 KB (`bench pages`).
    compressed = gzip.compress(content, compresslevel=GZIP_LEVEL, mtime=0)
    return compressed if len(compressed) < len(content) else None


class _Compressor(GZipMiddleware):
    """Django's gzip of a response, reusing the body compressed once for a kept copy.

    Each response still gets its own random file name in the gzip header, as Django's does
    (Heal The Breach: the length of a response varies, whatever the page).
    """

    def process_response(self, request, response):
        body = getattr(response, "kept_gzip", None)
        if body is None or response.has_header("Content-Encoding"):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Encoding",))
        if not accepts_gzip(request):
            return response
        response.content = named_gzip(body)
        response.headers["Content-Length"] = str(len(response.content))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response


_compressor = _Compressor(lambda request: None)


def _mark_public_copy(request, response, kwargs) -> None:
    """Tell the early path (``early.py``) it may keep this anonymous page of a public division."""
    stamp = getattr(request, "_division_stamp", None)
    if (
        stamp is not None
        and response.status_code == 200
        and not request.user.is_authenticated
        and not hasattr(request, "_stale_snapshot")
    ):
        seen = (kwargs.get("tournament_slug"), kwargs.get("division_name"))
        marked = (DIVISION_PAGE, seen, stamp.tag)
        setattr(response, PUBLIC_COPY, marked)


def cached_division_page(view):
    """ETag/Last-Modified from the division's stamp, short max-age, Vary on HX-Request and the
    language's sources.

    Anonymous responses are also kept in the cache framework under the URL and the stamp, so
    after a change the first phone pays for the page and the rest of the room gets a copy
    (a new stamp is a new key: nothing needs invalidating).
    """
    conditional = condition(etag_func=_etag, last_modified_func=_last_modified)(_shared_copy(view))

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        anonymous = not request.user.is_authenticated
        response = conditional(request, *args, **kwargs)
        if anonymous:
            response = _compressor.process_response(request, response)
        patch_cache_control(
            response,
            max_age=1 if hasattr(request, "_stale_snapshot") else MAX_AGE,
            **({"public": True} if anonymous else {"private": True}),
        )
        patch_vary_headers(response, ["HX-Request", *LANGUAGE_VARY])
        _mark_public_copy(request, response, kwargs)
        return response

    wrapped.event_language_from_stamp = True  # see tournaments.middleware
    return wrapped
