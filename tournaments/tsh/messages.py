"""Translatable problems found in TSH files, and the refusal of a file that has any.

Messages are marked with ``gettext_noop`` for Django's ``makemessages``; the Django layer shows
a problem (or the refusal) with ``core.messages.translated``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.refusal import Refusal, gettext_noop, interpolated

NO_NAME = gettext_noop("Line %(line)d: the player has no name before the rating.")
NO_RATING = gettext_noop("Line %(line)d: no rating follows the name %(name)s.")
NOT_A_NUMBER = gettext_noop("Line %(line)d: %(field)s value %(value)s is not a whole number.")
TOO_MANY_SCORES = gettext_noop(
    "Line %(line)d: %(scores)d scores for only %(opponents)d paired rounds."
)
OPPONENT_OUT_OF_RANGE = gettext_noop(
    "Line %(line)d: round %(round)d opponent %(opponent)d is not a player number (1 to %(players)d)."
)
PAIRED_WITH_SELF = gettext_noop("Line %(line)d: round %(round)d pairs the player with themselves.")
NOT_RECIPROCATED = gettext_noop(
    "Line %(line)d: round %(round)d opponent %(opponent)d is paired with %(their_opponent)s instead."
)
OPPONENT_UNSCORED = gettext_noop(
    "Line %(line)d: round %(round)d has a score but opponent %(opponent)d has none."
)
BAD_P12 = gettext_noop(
    "Line %(line)d: p12 value %(value)s in round %(round)d must be 0 (bye), 1 (first), "
    "2 (second), 3 (draw) or 4 (unknown)."
)
BOTH_FIRST = gettext_noop(
    "Line %(line)d: round %(round)d has both the player and opponent %(opponent)d going first."
)
BOTH_SECOND = gettext_noop(
    "Line %(line)d: round %(round)d has both the player and opponent %(opponent)d going second."
)
BAD_TAG = gettext_noop("Line %(line)d: field %(field)s does not start with a tag name.")
NO_PLAYERS = gettext_noop("The file holds no player lines.")
NUL_CHARACTER = gettext_noop(
    "Line %(line)d holds a NUL character, which no name or value may contain; remove it."
)
CONFIG_BAD_LINE = gettext_noop("Line %(line)d of the configuration: %(text)s is incomplete.")
CONFIG_BAD_AUTOPAIR = gettext_noop(
    "Line %(line)d of the configuration: %(text)s is not an autopair line TSH reads: "
    "“autopair DIVISION BASED-ON ROUND COMMAND …” (or “config autopair{'DIVISION'}[ROUND] = "
    "[BASED-ON, 'COMMAND', …]”), with rounds from 1 to %(limit)d based on an earlier round."
)
NAME_TOO_LONG = gettext_noop(
    "Line %(line)d: the name %(name)s is longer than %(limit)d characters."
)
RATING_TOO_HIGH = gettext_noop("Line %(line)d: rating %(value)s is above %(limit)d.")
SCORE_OUT_OF_RANGE = gettext_noop(
    "Line %(line)d: round %(round)d score %(value)d is outside %(low)d to %(high)d."
)
NEGATIVE_GAME_SCORE = gettext_noop(
    "Line %(line)d: round %(round)d against opponent %(opponent)d has the negative score "
    "%(value)d; only a bye or forfeit (opponent 0) carries a negative spread."
)
NAME_WITH_SEMICOLON = gettext_noop(
    "Player %(number)d, %(name)s: a name with ';' cannot be written to a .t file (TSH splits "
    "fields there)."
)
NAME_WITH_NUMBER = gettext_noop(
    "Player %(number)d, %(name)s: a word of the name is a number, which TSH would read as the "
    "rating. Write it out (for example 'Anne II') before exporting."
)
NAME_EMPTY = gettext_noop("Player %(number)d has no name; a .t line must start with one.")


@dataclass(frozen=True, slots=True)
class TshProblem:
    """One problem: the 1-based line of the file, an untranslated template and its params."""

    line: int
    template: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return interpolated(self.template, self.params)


class TshError(Refusal):
    """A TSH file that cannot be used; ``problems`` lists every problem found, in line order.

    ``template``/``params`` are the first problem's, so a one-line message is always at hand.
    """

    def __init__(self, problems: Sequence[TshProblem]) -> None:
        self.problems = tuple(problems)
        first = self.problems[0]
        super().__init__(first.template, **first.params)

    def __str__(self) -> str:
        more = f" (+{len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        return super().__str__() + more
