"""Translatable error messages of the rating cores.

The core cannot import Django, so messages are marked with a local ``gettext_noop``
(Django's makemessages extracts it) and errors carry the untranslated template plus
its parameters; the Django layer shows ``gettext(err.template) % err.params``.
"""

from __future__ import annotations

from typing import Any


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it (extraction marker)."""
    return message


UNKNOWN_SYSTEM = gettext_noop("Unknown rating system %(system)s.")
NO_CLUB_VARIANT = gettext_noop("The rating system %(system)s has no club variant.")
BAD_RESULT = gettext_noop(
    "Round %(round)s: the result of player %(player)s must be 1, 0.5 or 0, not %(result)s."
)
BAD_ROUND = gettext_noop("Rounds are numbered from 1; got round %(round)s.")
PLAYS_SELF = gettext_noop("Round %(round)s: player %(player)s cannot play against themself.")
MISSING_OPPONENT = gettext_noop(
    "Round %(round)s: the game of player %(player)s has no opponent; record a bye instead."
)
BYE_WITH_OPPONENT = gettext_noop(
    "Round %(round)s: the bye of player %(player)s cannot name an opponent."
)
TWO_GAMES_IN_ROUND = gettext_noop("Round %(round)s: player %(player)s appears in two games.")
TOO_FEW_ROUNDS = gettext_noop(
    "The event has %(rounds)s rounds but a game was recorded in round %(round)s."
)


class RatingError(ValueError):
    """A rating input the core refuses, carrying a translatable template and its params."""

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params)

    def __str__(self) -> str:
        return self.template % self.params
