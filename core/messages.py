"""Showing refusals to people, in their language: the one place views and commands translate them.

Views turn a refusal into a form error or a message with ``translated(err)``; commands raise
``CommandError(translated(err))``.
"""

from collections.abc import Mapping
from typing import Any, Protocol

from django.utils.translation import gettext

from .refusal import Refusal, interpolated


class Templated(Protocol):
    """A message kept untranslated until it is shown: a ``Refusal``, or a note that is not a
    refusal (a result's unusual-score reason, a problem found in a file)."""

    template: str
    params: Mapping[str, Any]


def translated(message: Templated) -> str:
    """The message in the active language: the template is translated first, then filled in;
    params that are messages themselves (a refusal, a note, or a tuple of notes, joined by commas)
    are translated the same way. ``params`` is a mapping or (COP's notes) pairs."""
    params = {name: _shown(value) for name, value in dict(message.params).items()}
    return interpolated(gettext(message.template), params)


def _is_message(value: Any) -> bool:
    return isinstance(value, Refusal) or (
        isinstance(getattr(value, "template", None), str) and hasattr(value, "params")
    )


def _shown(value: Any) -> Any:
    if _is_message(value):
        return translated(value)
    if isinstance(value, tuple) and value and all(_is_message(v) for v in value):
        return ", ".join(translated(v) for v in value)
    return value
