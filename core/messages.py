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
    params that are refusals themselves are translated the same way."""
    params = {
        name: translated(value) if isinstance(value, Refusal) else value
        for name, value in message.params.items()
    }
    return interpolated(gettext(message.template), params)
