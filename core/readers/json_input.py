"""The one reader of JSON that comes from outside (a request body, an uploaded or named file, a
form field): size and nesting depth are checked before the parser runs, so a deeply nested
document is a clear refusal instead of the parser's RecursionError.

Pure: imports nothing from Django, so the pure cores (the COP service) read through it too.
``tests/core/test_json_input.py`` fails on any other ``json.loads``/``json.load`` of input.
"""

from __future__ import annotations

import json
import re
from array import array
from itertools import accumulate

from core.refusal import Refusal, gettext_noop

MAX_DEPTH = 64  # an archive nests about 6 deep, a COP request 3; Python's parser fails near 1,000
MAX_BYTES = 10 * 1024 * 1024

# Brackets inside a JSON string are text, not nesting. Escapes go first (a backslash and the
# character after it), so a string is then two quotes with none between: each pass is linear, even
# on a hostile run of unterminated quotes.
_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


class JsonRefused(Refusal):
    """The input is not JSON this site reads."""


class JsonTooLarge(JsonRefused):
    def __init__(self, limit: int) -> None:
        super().__init__(gettext_noop("The JSON is larger than %(limit)d bytes."), limit=limit)


class JsonTooDeep(JsonRefused):
    def __init__(self, limit: int) -> None:
        super().__init__(gettext_noop("The JSON nests deeper than %(limit)d levels."), limit=limit)


class JsonNotText(JsonRefused):
    def __init__(self) -> None:
        super().__init__(gettext_noop("The JSON is not UTF-8 text."))


class JsonSyntax(JsonRefused):
    """The parser's own reason, where it stopped."""

    def __init__(self, reason: str, line: int, column: int, parser_message: str = "") -> None:
        self.parser_message = parser_message  # the parser's own words, for logs and the COP API
        super().__init__(
            gettext_noop("The JSON is not valid: %(reason)s at line %(line)d, column %(column)d."),
            reason=reason,
            line=line,
            column=column,
        )


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text``, strings left out."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    steps = array("b", brackets.encode("ascii").translate(_STEPS))  # +1 opens, -1 closes
    return max(accumulate(steps), default=0)


def read_json(data: bytes | str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH):
    """The value ``data`` holds, or a ``JsonRefused`` saying why not (too large, too deep, not
    UTF-8, not JSON)."""
    size = len(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    if size > max_bytes:
        raise JsonTooLarge(max_bytes)
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JsonNotText() from None
    if nesting_depth(data) > max_depth:
        raise JsonTooDeep(max_depth)
    try:
        return json.loads(data)
    except json.JSONDecodeError as error:
        raise JsonSyntax(error.msg, error.lineno, error.colno, str(error)) from None
    except RecursionError:  # not reached below max_depth; kept so no input can raise it
        raise JsonTooDeep(max_depth) from None
