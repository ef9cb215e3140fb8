"""How a polled page answers from a kept copy: its tag, 304s, gzip and ``Cache-Control``.

Every polled page (the division pages through ``tournaments/public_cache/http.py``, the broadcast
feeds through ``games/broadcast/cache.py``, either from the early path ``early.py``) answers
through these: a request whose ``If-None-Match`` names the kept tag gets a 304 with the kept
headers (``not_modified``), any other the kept body, gzipped when the client accepts it, each
gzip answer with its own random file name when the body has one (Heal The Breach: the length of
an answer varies, whatever the page).
"""

from __future__ import annotations

import secrets
import string
from gzip import FNAME

from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import patch_vary_headers

NOT_MODIFIED_DROPS = ("content-type", "content-length", "content-encoding", "content-disposition")
MAX_RANDOM_NAME = 100  # as Django's GZipMiddleware.max_random_bytes
_NAME_LETTERS = string.ascii_letters + string.digits


def etag_matches(header: str, etag: str) -> bool:
    """Weak comparison of ``If-None-Match`` with ``etag``, as Django's conditional GET makes it."""
    if not etag:
        return False
    if header.strip() == "*":
        return True
    bare = etag.removeprefix("W/")
    return any(tag.strip().removeprefix("W/") == bare for tag in header.split(","))


def _random_name() -> bytes:
    length = secrets.randbelow(MAX_RANDOM_NAME) + 1
    return "".join(secrets.choice(_NAME_LETTERS) for _ in range(length)).encode()


def named_gzip(body: bytes) -> bytes:
    """A gzip body made without a file name (``mtime=0``), given a new random one."""
    header = bytearray(body[:10])
    header[3] |= FNAME
    return bytes(header) + _random_name() + b"\0" + body[10:]


def fresh_gzip_name(body: bytes) -> bytes:
    """A kept gzip body with a new random file name in place of its old one (as is, if none)."""
    if len(body) < 11 or not body[3] & FNAME:
        return body
    start = body.index(b"\0", 10) + 1
    return body[:10] + _random_name() + b"\0" + body[start:]


def not_modified(headers) -> HttpResponseNotModified:
    """A 304 carrying the ``(header, value)`` pairs of the kept answer but its body's."""
    response = HttpResponseNotModified()
    for header, value in headers:
        if header.lower() not in NOT_MODIFIED_DROPS:
            response[header] = value
    return response


def accepts_gzip(request) -> bool:
    return bool(re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))


def kept_answer(request, *, tag: str, body: bytes, zipped: bytes | None, **how) -> HttpResponse:
    """The answer of a copy kept under ``tag``: a 304 when the client has it, else the body.

    ``how``: ``content_type``, ``cache_control`` (the header as is), ``vary`` (the request
    headers besides ``Accept-Encoding`` the body depends on) and ``headers`` (more to send).
    """
    headers = {"ETag": tag, "Cache-Control": how["cache_control"], **how.get("headers", {})}
    if etag_matches(request.headers.get("If-None-Match", ""), tag):
        response = not_modified(headers.items())
    elif zipped is not None and accepts_gzip(request):
        response = HttpResponse(zipped, content_type=how["content_type"])
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(body, content_type=how["content_type"])
    for header, value in headers.items():
        response[header] = value
    patch_vary_headers(response, ("Accept-Encoding", *how.get("vary", ())))
    return response
