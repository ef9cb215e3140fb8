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
import hashlib

from django.core.cache import cache
from django.http import HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import http_date, quote_etag
from django.utils.translation import get_language
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition

from .selectors.snapshot import DivisionSnapshot, cached_snapshot, division_snapshot
from .selectors.stamps import Stamp, cached_public_stamp

MAX_AGE = 10
SHARED_COPY_SECONDS = 600
KEPT_HEADERS = ("Content-Disposition", "Access-Control-Allow-Origin")
# What a page's language is read from (the switcher's cookie, the browser's preference).
LANGUAGE_VARY = ("Cookie", "Accept-Language")


def _variant(request) -> str:
    """What besides the data changes the page: partial or whole, language, who is looking."""
    who = request.user.pk if request.user.is_authenticated else "anon"
    return f"{'hx' if request.headers.get('HX-Request') else 'page'}-{get_language()}-{who}"


def _stamp(request, tournament_slug, division_name, **kwargs) -> Stamp | None:
    """The division's stamp, read once per request (None: no such public division)."""
    if not hasattr(request, "_division_stamp"):
        request._division_stamp = cached_public_stamp(tournament_slug, division_name)
    return request._division_stamp


def _etag(request, tournament_slug, division_name, **kwargs) -> str | None:
    found = _stamp(request, tournament_slug, division_name)
    return None if found is None else f"{found.tag}-{_variant(request)}"


def _last_modified(request, tournament_slug, division_name, **kwargs):
    found = _stamp(request, tournament_slug, division_name)
    # With a per-user variant only the ETag is safe: Last-Modified would match across users.
    if found is None or request.user.is_authenticated:
        return None
    return found.changed_at


def page_snapshot(request, division) -> DivisionSnapshot:
    """The snapshot a division page renders from: the kept one of its stamp when public.

    A private division (seen by those who run it) is read for the request and never kept.
    """
    stamp = getattr(request, "_division_stamp", None)
    if stamp is None or not division.tournament.is_public or stamp.division_id != division.pk:
        return division_snapshot(division)
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


def _shared_copy(view):
    """Serve anonymous visitors a copy kept under the URL and the stamp, or build and keep one."""

    def serve(request, *args, **kwargs):
        tag = _etag(request, kwargs.get("tournament_slug"), kwargs.get("division_name"))
        if tag is None or request.user.is_authenticated:
            response = view(request, *args, **kwargs)
            if hasattr(request, "_stale_snapshot"):
                _mark_stale(request, response)
            return response
        key = "desk:page:" + hashlib.sha256(f"{request.get_full_path()}|{tag}".encode()).hexdigest()
        kept = cache.get(key)
        if kept is not None:
            response = HttpResponse(kept["content"], content_type=kept["type"])
            for header, value in kept["headers"].items():
                response[header] = value
            return response
        response = view(request, *args, **kwargs)
        if hasattr(request, "_stale_snapshot"):
            _mark_stale(request, response)
        elif response.status_code == 200 and not response.streaming:
            headers = {h: response[h] for h in KEPT_HEADERS if h in response}
            kept = {"content": response.content, "type": response["Content-Type"]}
            cache.set(key, kept | {"headers": headers}, SHARED_COPY_SECONDS)
        return response

    return serve


def cached_division_page(view):
    """ETag/Last-Modified from the division's stamp, short max-age, Vary on HX-Request and the
    language's sources.

    Anonymous responses are also kept in the cache framework under the URL and the stamp, so
    after a change the first phone pays for the page and the rest of the room gets a copy
    (a new stamp is a new key: nothing needs invalidating).
    """
    conditional = condition(etag_func=_etag, last_modified_func=_last_modified)(_shared_copy(view))
    compressed = gzip_page(conditional)

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        anonymous = not request.user.is_authenticated
        response = (compressed if anonymous else conditional)(request, *args, **kwargs)
        patch_cache_control(
            response,
            max_age=1 if hasattr(request, "_stale_snapshot") else MAX_AGE,
            **({"public": True} if anonymous else {"private": True}),
        )
        patch_vary_headers(response, ["HX-Request", *LANGUAGE_VARY])
        return response

    return wrapped
