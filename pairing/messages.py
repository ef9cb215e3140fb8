"""Translatable error messages of the pairing core, and its refusal.

Messages are marked with ``gettext_noop`` for Django's ``makemessages``; the Django layer shows a
refusal with ``core.messages.translated``.
"""

from __future__ import annotations

from core.refusal import Refusal, gettext_noop


class PairingError(Refusal):
    """A pairing request the core cannot honour."""


DUPLICATE_PLAYER = gettext_noop("Player %(player)s is listed more than once.")
UNKNOWN_PLAYER = gettext_noop("Player %(player)s is not in this round.")
PLAYER_MISSING = gettext_noop("Player %(player)s has no pairing in this round.")
PLAYER_TWICE = gettext_noop("Player %(player)s is paired more than once in this round.")
SELF_PAIRING = gettext_noop("Player %(player)s cannot be paired against themselves.")
FIXED_PAIR_OVERLAP = gettext_noop("Player %(player)s is pinned into two fixed pairings.")
TABLE_SHARED = gettext_noop(
    "Players %(first)s and %(second)s are both pinned to table %(table)s but do not play each other."
)
TABLE_CONFLICT = gettext_noop(
    "Players %(first)s and %(second)s play each other but are pinned to tables %(table)s and %(other_table)s."
)
TABLE_NOT_POSITIVE = gettext_noop("Table %(table)s for player %(player)s must be 1 or more.")
UNKNOWN_SYSTEM = gettext_noop("There is no pairing system called “%(system)s”.")
BAD_ROUND = gettext_noop("Round %(round)s is outside the event's %(total)s rounds.")
PLAN_SYNTAX = gettext_noop(
    "Cannot read “%(step)s”: write a step as “FIRST-LAST SYSTEM [lag K]”, e.g. “4-N-3 swiss lag 1”."
)
PLAN_EMPTY = gettext_noop("The pairing plan has no steps.")
PLAN_GAP = gettext_noop("Round %(round)s has no pairing system in the plan.")
PLAN_OVERLAP = gettext_noop("Round %(round)s is covered by more than one step of the plan.")
PLAN_BACKWARDS = gettext_noop(
    "The step “%(step)s” ends (round %(last)s) before it starts (round %(first)s)."
)
PLAN_OUTSIDE = gettext_noop(
    "The step “%(step)s” reaches round %(round)s, outside the event's %(total)s rounds."
)
PLAN_NEGATIVE_LAG = gettext_noop("The lag of step “%(step)s” cannot be negative.")
SAME_PLAYER_EDIT = gettext_noop("Choose two different players.")
NOT_ENOUGH_PLAYERS = gettext_noop("Quads need at least %(minimum)s players; there are %(count)s.")
