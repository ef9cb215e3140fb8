"""HTTP caching of the public division pages a room of phones polls.

Every such page:

- answers ``If-None-Match``/``If-Modified-Since`` with 304 after one query
  (``public_division_stamp``: latest pairing, report and version sum of the division, and the
  latest audited change of its tournament), before any other work;
- says ``Cache-Control: max-age=10`` (public for anonymous visitors, private once logged in);
- varies on ``HX-Request``, since the same URL gives an htmx partial or a whole page.
"""

from __future__ import annotations

import functools
import hashlib

from django.core.cache import cache
from django.http import HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition

from .selectors.stamps import Stamp, public_division_stamp

MAX_AGE = 10
SHARED_COPY_SECONDS = 600
KEPT_HEADERS = ("Content-Disposition", "Access-Control-Allow-Origin")


def _variant(request) -> str:
    """What besides the data changes the page: partial or whole, language, who is looking."""
    who = request.user.pk if request.user.is_authenticated else "anon"
    return f"{'hx' if request.headers.get('HX-Request') else 'page'}-{get_language()}-{who}"


def _stamp(request, tournament_slug, division_name, **kwargs) -> Stamp | None:
    """The division's stamp, read once per request (None: no such public division)."""
    if not hasattr(request, "_division_stamp"):
        request._division_stamp = public_division_stamp(tournament_slug, division_name)
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


def _shared_copy(view):
    """Serve anonymous visitors a copy kept under the URL and the stamp, or build and keep one."""

    def serve(request, *args, **kwargs):
        tag = _etag(request, kwargs.get("tournament_slug"), kwargs.get("division_name"))
        if tag is None or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        key = "desk:page:" + hashlib.sha256(f"{request.get_full_path()}|{tag}".encode()).hexdigest()
        kept = cache.get(key)
        if kept is not None:
            response = HttpResponse(kept["content"], content_type=kept["type"])
            for header, value in kept["headers"].items():
                response[header] = value
            return response
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            headers = {h: response[h] for h in KEPT_HEADERS if h in response}
            kept = {"content": response.content, "type": response["Content-Type"]}
            cache.set(key, kept | {"headers": headers}, SHARED_COPY_SECONDS)
        return response

    return serve


def cached_division_page(view):
    """ETag/Last-Modified from the division's stamp, short max-age, Vary on HX-Request.

    Anonymous responses are also kept in the cache framework under the URL and the stamp, so
    after a change the first phone pays for the page and the rest of the room gets a copy
    (a new stamp is a new key: nothing needs invalidating).
    """
    conditional = condition(etag_func=_etag, last_modified_func=_last_modified)(_shared_copy(view))

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        response = conditional(request, *args, **kwargs)
        patch_cache_control(
            response,
            max_age=MAX_AGE,
            **({"private": True} if request.user.is_authenticated else {"public": True}),
        )
        patch_vary_headers(response, ["HX-Request"])
        return response

    return wrapped
