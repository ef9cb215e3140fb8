"""The request/response exchange of TSH's COP web service, as JSON text in and a dict out.

Shared by ``manage.py cop`` and the HTTP endpoint; ``translate`` renders the messages.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from core.readers.json_input import read_json

from . import messages as m
from .engine import CopResponse, pair_request
from .messages import CopError, note, render
from .request import CopRequest, read_request
from .validate import validate

logger = logging.getLogger(__name__)


def handle(body: str | bytes, translate: Callable[[str], str] = str) -> dict:
    """Decode, validate and pair one request; the response as a JSON-ready dict."""
    read = decode(body)
    if isinstance(read, CopResponse):
        return as_json(read, translate)
    return as_json(pair_safely(read), translate)


def decode(body: str | bytes) -> CopRequest | CopResponse:
    """The request read and validated (cheap: no simulation), or the refusal to send back."""
    try:
        data = read_json(body)  # bounded: too deep or too large is refused, as bad JSON
    except (ValueError, UnicodeDecodeError) as error:
        return refusal(m.INVALID_JSON, problem=_json_problem(error)[:200])
    try:
        request = read_request(data)
        validate(request)
    except CopError as error:
        return CopResponse((), error.code, error.note, (error.note,))
    except RecursionError:
        return refusal(m.MALFORMED, problem="nested too deeply")
    return request


def pair_safely(request: CopRequest) -> CopResponse:
    """``pair_request``, with any failure of ours answered as INTERNAL_ERROR (and logged)
    instead of a traceback to the caller."""
    try:
        return pair_request(request)
    except Exception:
        logger.exception("COP failed on a request of %s players", len(request.names))
        return refusal(m.INTERNAL)


def refusal(kind: tuple[str, str], **params) -> CopResponse:
    """A response refusing the request with ``kind`` (code, template)."""
    failed = note(kind[1], **params)
    return CopResponse((), kind[0], failed, (failed,))


def as_json(response: CopResponse, translate: Callable[[str], str] = str) -> dict:
    """The response in the service's JSON shape, in both key spellings: TSH reads
    ``error_code``/``error_message``, a protobuf-JSON client ``errorCode``/``errorMessage``."""
    return answer(
        list(response.pairings),
        response.error_code,
        response.error.render(translate) if response.error else "",
        render(response.notes, translate),
    )


def answer(pairings: list[int], code: str, message: str, log: str) -> dict:
    """A response dict with both spellings of each two-word key."""
    return {
        "pairings": pairings,
        "error_code": code,
        "errorCode": code,
        "error_message": message,
        "errorMessage": message,
        "log": log,
    }


def is_error(answer: dict) -> bool:
    """Whether a response dict reports a failure."""
    return answer["error_code"] != m.SUCCESS


def _json_problem(error: Exception) -> str:
    """What is wrong with the JSON, without the reader's own "The JSON is not valid" preamble."""
    params = getattr(error, "params", {})
    if "reason" in params:
        return f"{params['reason']} at line {params['line']}, column {params['column']}"
    return str(error)
