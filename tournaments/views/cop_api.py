"""``POST /api/pair_service.PairService/HandlePairRequest``: the COP web service TSH can call.

Open to anyone by default (TSH has no account here), behind a key, or off (``COP_PUBLIC``). It
is CSRF-exempt, reads at most ``MAX_BODY`` bytes (413 above), allows ``RATE_LIMIT`` requests per
``RATE_WINDOW`` seconds per client address (429 above, counted in Django's cache) and never
touches the database. The request is read and validated here (cheap); the pairing itself runs
in a slot of ``cop_pool`` outside this worker: 503 with Retry-After when every slot is taken,
503 when it runs past the wall-clock cap. Pairing and validation errors come back with status
200 and the error in ``error_code`` (and ``errorCode``), as the service TSH talks to does; only
a body that is not JSON gets 400.
"""

from __future__ import annotations

import hmac

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from pairing.cop import messages as m
from pairing.cop.engine import CopResponse
from pairing.cop.service import answer, as_json, decode

from .. import cop_pool

MAX_BODY = 1_000_000
RATE_LIMIT = 30
RATE_WINDOW = 60
RETRY_AFTER = 5


def _refusal(code: str, message: str, status: int, **headers: str) -> JsonResponse:
    response = JsonResponse(answer([], code, message, message), status=status)
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response


def _key_of(request: HttpRequest) -> str:
    bearer = request.META.get("HTTP_AUTHORIZATION", "")
    if bearer.lower().startswith("bearer "):
        return bearer[7:].strip()
    return request.META.get("HTTP_X_API_KEY", "").strip()


def _closed(request: HttpRequest) -> JsonResponse | None:
    """The refusal when the service is off or the caller lacks a key, else ``None``."""
    mode = settings.COP_PUBLIC
    if mode == "open":
        return None
    if mode == "key":
        given = _key_of(request).encode()
        if given and any(hmac.compare_digest(given, k.encode()) for k in settings.COP_PUBLIC_KEYS):
            return None
        message = _("This COP service needs a key: send it as “Authorization: Bearer KEY”.")
        return _refusal("API_KEY_REQUIRED", message, 401, WWW_Authenticate="Bearer")
    message = _("This site's COP service is switched off.")
    return _refusal("SERVICE_DISABLED", message, 403)


def _over_rate_limit(request: HttpRequest) -> bool:
    """Count this request against its client address; True past the limit."""
    key = f"cop-api:{request.META.get('REMOTE_ADDR', '')}"
    cache.add(key, 0, RATE_WINDOW)  # starts the window on the first request
    try:
        return cache.incr(key) > RATE_LIMIT
    except ValueError:  # the window expired between add and incr
        cache.set(key, 1, RATE_WINDOW)
        return False


def _read_body(request: HttpRequest) -> bytes | None:
    """The body, or ``None`` when it is longer than ``MAX_BODY``."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > MAX_BODY:
        return None
    body = request.read(MAX_BODY + 1)
    return None if len(body) > MAX_BODY else body


@csrf_exempt
@require_POST
def handle_pair_request(request: HttpRequest) -> JsonResponse:
    """Pair one COP request posted as JSON; see the module docstring for the limits."""
    closed = _closed(request)
    if closed is not None:
        return closed
    if _over_rate_limit(request):
        message = _("Too many requests: at most %(limit)s per %(seconds)s seconds.") % {
            "limit": RATE_LIMIT,
            "seconds": RATE_WINDOW,
        }
        return _refusal("RATE_LIMITED", message, 429)
    body = _read_body(request)
    if body is None:
        message = _("The request is larger than %(limit)s bytes.") % {"limit": MAX_BODY}
        return _refusal("REQUEST_TOO_LARGE", message, 413)
    read = decode(body)
    if isinstance(read, CopResponse):
        status = 400 if read.error_code == m.INVALID_JSON[0] else 200
        return JsonResponse(as_json(read, _), status=status)
    seconds = settings.COP_PUBLIC_SECONDS
    try:
        response = cop_pool.pair_anonymous(read)
    except cop_pool.Busy:
        message = _("COP is busy with other requests; try again in %(seconds)s seconds.") % {
            "seconds": RETRY_AFTER
        }
        return _refusal("SERVICE_BUSY", message, 503, Retry_After=str(RETRY_AFTER))
    except cop_pool.TooSlow:
        message = _(
            "This request needs more than %(seconds)s seconds of COP work; ask for fewer "
            "simulations or pair the division on a director's page."
        ) % {"seconds": f"{seconds:g}"}
        return _refusal("TIME_LIMIT_EXCEEDED", message, 503)
    return JsonResponse(as_json(response, _))
