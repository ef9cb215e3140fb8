"""The early path: a room of phones served a polled public page before the rest of the stack.

A polled page already answers from a kept copy (``tournaments/public_cache/http.py`` for the
division pages, ``games/broadcast/cache.py`` for the broadcast feeds), but each poll still walks
the whole middleware stack (sessions, locale, CSRF, authentication, messages, CSP, axes),
resolves the URL and builds the view's conditional answer: about 5 ms of a core a request. This
middleware sits just inside ``SecurityMiddleware`` (so the HTTPS redirect, the security headers
and the NUL refusal still apply) and keeps, in this process, the finished response of a polled
page that the full stack produced for an anonymous visitor and marked as a public copy
(``PUBLIC_COPY``: the page's kind, what the kind needs to find its tag again, and the tag). The
next identical request (same host, scheme, path and query, ``HX-Request``, language cookie,
``Accept-Language`` and gzip acceptance) gets the kept response, or a 304 for its ETag, when the
kind's ``standing`` check (registered with ``register_kind`` by the module that marks the page)
finds the kept tag still stands, in one cache round trip with no query and no write: for a
division page its stamp kept under the event's version (``stamps.standing_kept_stamp``), for a
broadcast feed its copy kept under the version and not yet due for a look. Any audited change
of the event (a result, a turn, the event made private) renews its version, and the next request
goes through the full stack again, which reads and keeps anew.

Never from here:

- a request with any cookie but the language cookie and the CSRF cookie (a session, messages:
  someone who may be logged in or has something to be told), or with ``Authorization``;
- any method but GET, or a conditional request by date only;
- a page the full stack did not mark as a public copy (anonymous, public event, 200, fresh
  data), or one that set a cookie or was not ``Cache-Control: public``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.conf import settings
from django.http import HttpResponse
from django.middleware.gzip import re_accepts_gzip

from .answer import etag_matches, fresh_gzip_name, not_modified

PUBLIC_COPY = "public_copy"  # the response attribute a polled page sets: (kind, args, tag)
KEPT_PAGES = 2_000
KEPT_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Kind:
    """A kind of polled page: ``standing(*args)`` gives the tag its kept copy still stands
    under (None: unsure, the full stack answers); ``headers()`` what each answer gets anew."""

    standing: Callable[..., str | None]
    headers: Callable[[], dict[str, str]] = field(default=dict)


_kinds: dict[str, Kind] = {}


def register_kind(name: str, standing, headers=dict) -> None:
    """Let the early path serve the pages marked ``(name, args, tag)`` (the marking module
    registers its kind when it is loaded, so a page is never marked before its kind is known)."""
    _kinds[name] = Kind(standing, headers)


class _Kept:
    __slots__ = ("kind", "args", "tag", "headers", "body", "etag", "size")

    def __init__(self, kind, args, tag, headers, body):
        self.kind, self.args, self.tag = kind, args, tag
        self.headers, self.body = headers, body
        self.etag = dict(headers).get("ETag", "")
        self.size = len(body) + sum(len(k) + len(v) for k, v in headers)


_pages: OrderedDict[tuple, _Kept] = OrderedDict()
_pages_lock = threading.Lock()
_kept_bytes = [0]


def forget_early_pages() -> None:
    """Drop every page kept in this process (tests: a new world)."""
    with _pages_lock:
        _pages.clear()
        _kept_bytes[0] = 0


def _plain_cookies(request) -> bool:
    """Whether the request carries no cookie but the language's and CSRF's."""
    raw = request.META.get("HTTP_COOKIE", "")
    if not raw:
        return True
    # Read as the session middleware reads them; a header that gives no cookie is not plain.
    names = set(request.COOKIES)
    return bool(names) and names <= {settings.LANGUAGE_COOKIE_NAME, settings.CSRF_COOKIE_NAME}


def early_key(request) -> tuple | None:
    """What the page depends on besides its data, or None: not a request for the early path."""
    meta = request.META
    if request.method != "GET" or "HTTP_AUTHORIZATION" in meta or not _plain_cookies(request):
        return None
    return (
        request.get_host(),
        request.is_secure(),
        request.get_full_path(),
        meta.get("HTTP_HX_REQUEST", ""),
        request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, ""),
        meta.get("HTTP_ACCEPT_LANGUAGE", ""),
        bool(re_accepts_gzip.search(meta.get("HTTP_ACCEPT_ENCODING", ""))),
    )


def serve_kept(request, kept: _Kept) -> HttpResponse | None:
    """The kept page (or a 304 for it) if its kind finds the kept tag still stands."""
    kind = _kinds.get(kept.kind)
    if kind is None or kind.standing(*kept.args) != kept.tag:
        return None
    match = request.META.get("HTTP_IF_NONE_MATCH")
    if match is None and "HTTP_IF_MODIFIED_SINCE" in request.META:
        return None  # by date only: the full stack answers
    if match is not None and etag_matches(match, kept.etag):
        response = not_modified(kept.headers)
    else:
        gzipped = dict(kept.headers).get("Content-Encoding") == "gzip"
        response = HttpResponse(fresh_gzip_name(kept.body) if gzipped else kept.body)
        for header, value in kept.headers:
            response[header] = value
        response["Content-Length"] = str(len(response.content))
    for header, value in kind.headers().items():
        response[header] = value
    return response


def _keepable(request, response) -> tuple | None:
    marked = getattr(response, PUBLIC_COPY, None)
    if (
        marked is None
        or response.status_code != 200
        or response.streaming
        or response.cookies
        or "public" not in response.get("Cache-Control", "")
        or getattr(getattr(request, "user", None), "is_authenticated", False)
    ):
        return None
    return marked


def keep(key: tuple, request, response) -> None:
    """Keep ``response`` for ``key`` when the full stack marked it a public copy."""
    marked = _keepable(request, response)
    if marked is None:
        return
    kept = _Kept(*marked, tuple(response.items()), response.content)
    if kept.size > KEPT_BYTES // 8:
        return
    with _pages_lock:
        old = _pages.pop(key, None)
        if old is not None:
            _kept_bytes[0] -= old.size
        while _pages and (len(_pages) >= KEPT_PAGES or _kept_bytes[0] + kept.size > KEPT_BYTES):
            _kept_bytes[0] -= _pages.popitem(last=False)[1].size
        _pages[key] = kept
        _kept_bytes[0] += kept.size


class EarlyPublicPageMiddleware:
    """Answer a repeated anonymous request for a public division page from its kept response."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.enabled = getattr(settings, "EARLY_PUBLIC_PAGES", True)

    def __call__(self, request):
        key = early_key(request) if self.enabled else None
        if key is not None:
            kept = _pages.get(key)
            if kept is not None:
                response = serve_kept(request, kept)
                if response is not None:
                    return response
        response = self.get_response(request)
        if key is not None:
            keep(key, request, response)
        return response
