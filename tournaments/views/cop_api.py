"""``POST /api/pair_service.PairService/HandlePairRequest``: the COP web service TSH can call.

Open to anyone (TSH has no account here), so it is CSRF-exempt, reads at most ``MAX_BODY``
bytes (413 above), allows ``RATE_LIMIT`` requests per ``RATE_WINDOW`` seconds per client
address (429 above, counted in Django's cache) and never touches the database. Pairing and
validation errors come back with status 200 and the error in ``error_code``, as the service
TSH talks to does; only a body that is not JSON gets 400.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from ..pairing.cop import messages as m
from ..pairing.cop.service import handle

MAX_BODY = 1_000_000
RATE_LIMIT = 30
RATE_WINDOW = 60


def _refusal(code: str, message: str, status: int) -> JsonResponse:
    answer = {"pairings": [], "error_code": code, "error_message": message, "log": message}
    return JsonResponse(answer, status=status)


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
    answer = handle(body, _)
    status = 400 if answer["error_code"] == m.INVALID_JSON[0] else 200
    return JsonResponse(answer, status=status)
