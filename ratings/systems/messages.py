"""Translatable error messages of the rating cores, and their refusal.

Messages are marked with ``gettext_noop`` for Django's ``makemessages``; the Django layer shows a
refusal with ``core.messages.translated``.
"""

from __future__ import annotations

from core.refusal import Refusal, gettext_noop

UNKNOWN_SYSTEM = gettext_noop("Unknown rating system %(system)s.")
NO_CONVERGENCE = gettext_noop(
    "The Glicko-2 volatility did not settle within %(steps)d steps; check the rating settings."
)
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


class RatingError(Refusal):
    """A rating input the core refuses."""
