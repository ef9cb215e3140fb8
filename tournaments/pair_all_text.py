"""What "pair every ready division" did to each division, as one sentence in the active language
(the event's pair-all page and ``manage.py pair --all-divisions``)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .selectors.readiness import FINISHED, MISSING, TOO_FEW
from .services.pair_all import PAIRED, REFUSED


def outcome_line(outcome: dict) -> str:
    """``outcome``: ``PairOutcome.as_dict()``; the division named first."""
    values = {"division": outcome["division"], "round": outcome["round"]}
    state = outcome["state"]
    if state == PAIRED:
        return _("Division %(division)s: paired round %(round)s.") % values
    if state == MISSING:
        return ngettext(
            "Division %(division)s: skipped, round %(round)s has %(count)d result missing.",
            "Division %(division)s: skipped, round %(round)s has %(count)d results missing.",
            outcome["missing"],
        ) % (values | {"count": outcome["missing"]})
    if state == TOO_FEW:
        return ngettext(
            "Division %(division)s: skipped, round 1 would pair %(count)d player.",
            "Division %(division)s: skipped, round 1 would pair %(count)d players.",
            outcome["players"],
        ) % (values | {"count": outcome["players"]})
    if state == FINISHED:
        return _("Division %(division)s: finished, all %(round)s rounds paired.") % values
    assert state == REFUSED
    return _("Division %(division)s: round %(round)s refused: %(reason)s") % (
        values | {"reason": outcome["reason"]}
    )
