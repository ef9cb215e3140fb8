"""The checks of a division's settings that read nothing but the division (its pairing plan,
tie-breaks and COP settings), and the refusal a change to a division gives.

Below the services, so that the division service and an archive's check
(``archive.check_divisions``) refuse a setting by the same rule.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from core.refusal import Refusal
from pairing.cop.messages import CopError
from pairing.cop.settings import STORED as COP_STORED
from pairing.cop.settings import from_json as cop_settings_from_json
from pairing.cop.validate import check_settings as check_cop_settings
from pairing.messages import PairingError
from pairing.plan import parse_plan, validate_plan
from tournaments.results.standings import TIEBREAKS

from .models import Division

UNKNOWN_TIEBREAK = gettext_noop(
    "Unknown tie-break “%(tiebreak)s”; use spread, cumulative or head_to_head."
)
COP_UNKNOWN = gettext_noop("COP has no setting called “%(setting)s”.")
COP_MALFORMED = gettext_noop("COP's settings cannot be read: %(problem)s.")
COP_PLACES = gettext_noop("COP's paid places must be 1 or more, not %(value)s.")


class DivisionRefused(Refusal):
    """A change to a division refused with a reason.

    The base of the refusals of registration and pairing too, so their views catch one.
    """


def check_pairing_plan(division: Division) -> None:
    """A plan ``pairing.plan`` reads, for the division's number of rounds."""
    if division.pairing_plan.strip():
        try:
            validate_plan(parse_plan(division.pairing_plan), division.rounds)
        except PairingError as err:
            raise DivisionRefused(err.template, **err.params) from err


def check_tiebreaks(division: Division) -> None:
    """Tie-breaks the standings know (a list of them: the form's choices)."""
    for name in division.tiebreaks or ():
        if name not in TIEBREAKS:
            raise DivisionRefused(UNKNOWN_TIEBREAK, tiebreak=name)


def check_cop(division: Division) -> None:
    """The stored COP settings (an object: the form's): known names, values COP accepts."""
    stored = division.cop_settings or {}
    for name in stored:
        if name not in COP_STORED:
            raise DivisionRefused(COP_UNKNOWN, setting=name)
    try:
        settings = cop_settings_from_json(stored)
        check_cop_settings(settings, division.rounds)
        places = settings.place_prizes
        too_few = places is not None and places < 1
    except CopError as err:
        params = {k: v for k, v in err.note.params}
        raise DivisionRefused(err.note.template, **params) from err
    except (TypeError, ValueError) as err:
        raise DivisionRefused(COP_MALFORMED, problem=str(err)) from err
    if too_few:
        raise DivisionRefused(COP_PLACES, value=places)


# The checks of a division's settings that read nothing but the division, by the field each
# names: the service's, and an archive's (``archive.check_divisions``).
SETTINGS_CHECKS = (
    ("pairing_plan", check_pairing_plan),
    ("tiebreaks", check_tiebreaks),
    ("cop_settings", check_cop),
)
