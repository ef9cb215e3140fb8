"""The request/response exchange of TSH's COP web service, as JSON text in and a dict out.

Shared by ``manage.py cop`` and the HTTP endpoint; ``translate`` renders the messages.
"""

from __future__ import annotations

from collections.abc import Callable

from core.json_input import read_json

from . import messages as m
from .engine import CopResponse, pair_request
from .messages import CopError, note, render
from .request import read_request


def handle(body: str | bytes, translate: Callable[[str], str] = str) -> dict:
    """Decode, validate and pair one request; the response as a JSON-ready dict."""
    try:
        data = read_json(body)  # bounded: too deep or too large is refused, as bad JSON
    except (ValueError, UnicodeDecodeError) as error:
        problem = getattr(error, "parser_message", "") or str(error).rstrip(".")
        failed = note(m.INVALID_JSON[1], problem=problem)
        return as_json(CopResponse((), m.INVALID_JSON[0], failed, (failed,)), translate)
    try:
        request = read_request(data)
    except CopError as error:
        return as_json(CopResponse((), error.code, error.note, (error.note,)), translate)
    return as_json(pair_request(request), translate)


def as_json(response: CopResponse, translate: Callable[[str], str] = str) -> dict:
    """The response in the service's JSON shape (snake_case, as TSH reads it)."""
    return {
        "pairings": list(response.pairings),
        "error_code": response.error_code,
        "error_message": response.error.render(translate) if response.error else "",
        "log": render(response.notes, translate),
    }


def is_error(answer: dict) -> bool:
    """Whether a response dict reports a failure."""
    return answer["error_code"] != m.SUCCESS
