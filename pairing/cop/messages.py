"""Error codes, translatable error templates and the log of a COP pairing.

Templates are English, marked with ``gettext_noop`` so ``makemessages`` finds them; the Django
layer renders them with ``gettext`` (``render`` takes the translation function).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from core.refusal import Refusal, gettext_noop

SUCCESS = "SUCCESS"
OVERCONSTRAINED = "OVERCONSTRAINED"


@dataclass(frozen=True, slots=True)
class Note:
    """One line of the log (or an error message): an untranslated template and its values."""

    template: str
    params: tuple[tuple[str, Any], ...] = ()

    def render(self, translate: Callable[[str], str] = str) -> str:
        """The line in the language ``translate`` gives (identity: English). A value that is
        a ``Note`` (or a tuple of them, joined by commas) is rendered too."""
        text = translate(self.template)
        if not self.params:
            return text
        return text % {key: _value(value, translate) for key, value in self.params}

    def __str__(self) -> str:
        return self.render()


def _value(value: Any, translate: Callable[[str], str]) -> Any:
    if isinstance(value, Note):
        return value.render(translate)
    if isinstance(value, tuple) and value and all(isinstance(v, Note) for v in value):
        return ", ".join(v.render(translate) for v in value)
    return value


def note(template: str, **params: Any) -> Note:
    """A log line from ``template`` and its values."""
    return Note(template, tuple(sorted(params.items())))


def render(notes: Iterable[Note], translate: Callable[[str], str] = str) -> str:
    """The lines, one per note."""
    return "\n".join(n.render(translate) for n in notes)


class CopError(Refusal):
    """A request COP refuses: its response ``code`` and the message as a ``Note``.

    An overconstrained round also says which rules (keys of ``rules.KEYS``) to drop: any one of
    ``culprits``, or all of them together when ``all_needed``."""

    culprits: tuple[str, ...] = ()
    all_needed: bool = False

    def __init__(self, code: str, template: str, /, **params: Any) -> None:
        self.code = code
        self.note = note(template, **params)
        super().__init__(template, **params)

    def __str__(self) -> str:
        return self.note.render()


# Validation: (code, template). The code is the response's error_code.
MALFORMED = ("REQUEST_MALFORMED", gettext_noop("The request is not valid: %(problem)s."))
PAIR_METHOD = (
    "INVALID_PAIR_METHOD",
    gettext_noop("The pairing method must be “COP”, not “%(method)s”."),
)
TOO_FEW_PLAYERS = (
    "PLAYER_COUNT_INSUFFICIENT",
    gettext_noop("A request needs at least %(minimum)s players; it has %(count)s."),
)
TOO_MANY_PLAYERS = (
    "PLAYER_COUNT_TOO_LARGE",
    gettext_noop("A request may have at most %(maximum)s players; it has %(count)s."),
)
NAME_EMPTY = ("PLAYER_NAME_EMPTY", gettext_noop("Player %(player)s has no name."))
CLASS_COUNT = (
    "INVALID_PLAYER_CLASSES",
    gettext_noop("There are %(classes)s player classes for %(count)s players."),
)
ROUNDS_TOO_FEW = ("ROUND_COUNT_INSUFFICIENT", gettext_noop("The event must have at least 1 round."))
ROUNDS_TOO_MANY = (
    "ROUND_COUNT_TOO_LARGE",
    gettext_noop("The event may have at most %(maximum)s rounds, not %(rounds)s."),
)
RESULT_RANGE = (
    "RESULT_OUT_OF_RANGE",
    gettext_noop(
        "In round %(round)s player %(player)s has result %(result)s; results must be between "
        "-%(maximum)s and %(maximum)s."
    ),
)
MORE_PAIRINGS_THAN_ROUNDS = (
    "MORE_PAIRINGS_THAN_ROUNDS",
    gettext_noop("There are pairings for %(paired)s rounds in a %(rounds)s-round event."),
)
MORE_RESULTS_THAN_PAIRINGS = (
    "MORE_RESULTS_THAN_PAIRINGS",
    gettext_noop("There are results for %(scored)s rounds but pairings for only %(paired)s."),
)
ROUND_INCOMPLETE = (
    "INCOMPLETE_ROUND_PAIRINGS",
    gettext_noop(
        "Round %(round)s has no results and leaves player %(player)s unpaired; only the last "
        "round may be partly paired."
    ),
)
ALL_ROUNDS_PLAYED = (
    "ALL_ROUNDS_PAIRED",
    gettext_noop("All %(rounds)s rounds are paired; there is nothing left to pair."),
)
PAIRINGS_LENGTH = (
    "INVALID_ROUND_PAIRINGS_COUNT",
    gettext_noop("Round %(round)s has %(length)s pairings for %(count)s players."),
)
RESULTS_LENGTH = (
    "INVALID_ROUND_RESULTS_COUNT",
    gettext_noop("Round %(round)s has %(length)s results for %(count)s players."),
)
OUT_OF_BOUNDS = (
    "PLAYER_INDEX_OUT_OF_BOUNDS",
    gettext_noop("In round %(round)s player %(player)s is paired with %(opponent)s, not a player."),
)
ASYMMETRIC = (
    "INVALID_PAIRING",
    gettext_noop(
        "In round %(round)s player %(player)s is paired with %(opponent)s, "
        "but %(opponent)s is paired with %(other)s."
    ),
)
UNPAIRED_RESULT = (
    "UNPAIRED_PLAYER_RESULT",
    gettext_noop("In round %(round)s player %(player)s is not paired but has result %(result)s."),
)
REMOVED_INDEX = (
    "INVALID_REMOVED_PLAYER",
    gettext_noop("Removed player %(player)s is not a player of the request."),
)
REMOVED_TWICE = (
    "INVALID_REMOVED_PLAYER",
    gettext_noop("Player %(player)s is listed as removed more than once."),
)
REMOVED_PAIRED = (
    "REMOVED_PLAYER_PAIRED",
    gettext_noop(
        "Player %(player)s is removed but is paired in round %(round)s, the round to pair."
    ),
)
PLACE_PRIZES = (
    "INVALID_PLACE_PRIZES",
    gettext_noop("Place prizes must be between 1 and %(maximum)s, not %(value)s."),
)
CLASS_PRIZES = (  # a division's stored settings: "1, 0, 2" says class 2 has none
    "INVALID_CLASS_PRIZE",
    gettext_noop("Class prizes must be 0 or more, not %(value)s for class %(klass)s."),
)
REQUEST_CLASS_PRIZES = (  # upstream COP's code: a request's class prize below 1
    "INVALID_CLASS_PRIZE",
    gettext_noop("Class prizes must be 1 or more, not %(value)s for class %(klass)s."),
)
PLAYER_CLASS = (  # upstream COP's code: a class number below 0 or above the class prizes
    "INVALID_PLAYER_CLASS",
    gettext_noop(
        "Player %(player)s is in class %(klass)s; a class must be from 0 to the number of "
        "class prizes (%(count)s)."
    ),
)
GIBSON_SPREAD = (
    "INVALID_GIBSON_SPREAD",
    gettext_noop(
        "The gibson spread must be one or more values from 0 to %(maximum)s, not %(value)s."
    ),
)
HOPEFULNESS = (
    "INVALID_HOPEFULNESS_THRESHOLD",
    gettext_noop("Hopefulness thresholds must be above 0 and at most 1, not %(value)s."),
)
CONTROL_LOSS_THRESHOLD = (
    "INVALID_CONTROL_LOSS_THRESHOLD",
    gettext_noop("The control loss threshold must be between 0 and 1, not %(value)s."),
)
ACTIVATION_ROUND = (
    "INVALID_CONTROL_LOSS_ACTIVATION_ROUND",
    gettext_noop("The control loss activation round must be 0 or more, not %(value)s."),
)
DIVISION_SIMS = (
    "INVALID_DIVISION_SIMS",
    gettext_noop("Division simulations must be between 1 and %(maximum)s, not %(value)s."),
)
CONTROL_LOSS_SIMS = (
    "INVALID_CONTROL_LOSS_SIMS",
    gettext_noop("Control loss simulations must be between 1 and %(maximum)s, not %(value)s."),
)
ALL_PLAYERS = (
    "INVALID_ALL_PLAYERS",
    gettext_noop("The request says %(value)s players but lists %(count)s."),
)
VALID_PLAYERS = (
    "INVALID_VALID_PLAYERS",
    gettext_noop("The request says %(value)s players remain but %(count)s are not removed."),
)
INTERNAL = (
    "INTERNAL_ERROR",
    gettext_noop("COP failed on this request; the failure is logged for the site's maintainers."),
)
INVALID_JSON = ("REQUEST_NOT_JSON", gettext_noop("The request is not JSON: %(problem)s."))
