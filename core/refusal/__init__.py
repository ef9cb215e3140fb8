"""Refusals: why a service or a pure core will not do what it was asked.

Every refusal carries an English ``template`` and its ``params``. The template is marked with
``gettext_noop`` where it is defined, so ``makemessages`` finds it, and translated only when it is
shown (``core.messages.translated``): a refusal raised outside a request (a command, an import)
still reaches each user in their own language. ``str()`` gives the English text, for logs and
tests.

This module imports nothing from Django, so the pure cores (the game engine, pairing, standings,
the rating systems, the TSH and GCG readers) raise refusals too; it is the only part of ``core``
they may import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it (``makemessages`` extracts it)."""
    return message


def interpolated(template: str, params: Mapping[str, Any]) -> str:
    """``template`` filled with ``params``; a template without params is left as written, so a
    literal ``%`` in it needs no escaping."""
    return template % params if params else template


def _restored(cls: type[Refusal], args: tuple, state: dict) -> Refusal:
    # Bypasses __init__: subclasses take their own arguments (a line, an entry index, problems).
    refusal = cls.__new__(cls, *args)
    refusal.__dict__.update(state)
    return refusal


class Refusal(ValueError):
    """A request refused with a reason a person can read: ``template % params`` in English.

    A param may itself be a refusal (a line number wrapped around the engine's reason); it is
    shown in English by ``str()`` and translated along with the outer template by ``translated``.
    Two refusals are equal when they are of the same class and hold the same values.
    """

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(str(self))

    def __str__(self) -> str:
        return interpolated(self.template, self.params)

    def __repr__(self) -> str:
        params = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"{type(self).__name__}({self.template!r}{params})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Refusal):
            return NotImplemented
        return type(self) is type(other) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self.template))

    def __reduce__(self):
        return _restored, (type(self), self.args, self.__dict__)

    def _values(self) -> dict[str, Any]:
        # Dunder entries (__notes__ from add_note) describe where it was raised, not what it says.
        return {name: value for name, value in vars(self).items() if not name.startswith("__")}


@dataclass(frozen=True, slots=True)
class Note:
    """A message that is not a refusal, kept untranslated until it is shown: a reason to ask for
    confirmation, a problem found in a file (``core.messages.translated`` shows it)."""

    template: str
    params: Mapping[str, Any]

    def __str__(self) -> str:
        return interpolated(self.template, self.params)


class NeedsConfirmation(Exception):
    """A change that is possible but unusual: nothing was saved, and the service makes it only when
    called again with its confirming flag. Not a refusal: the caller shows each of ``reasons``
    (``translated``) and asks. The one way every service asks (an unusual score, a turn over its
    time limit)."""

    def __init__(self, reasons: Iterable[Note]) -> None:
        self.reasons = tuple(reasons)
        super().__init__("; ".join(str(reason) for reason in self.reasons))
