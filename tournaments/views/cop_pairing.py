"""The COP parts of the director's pairing page: the explanation of the latest COP round, and the
choices offered when COP cannot pair a round."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from pairing.cop.adapter import CopRefused
from pairing.cop.rules import KEYS
from pairing.registry import LOGGED_SYSTEMS

from .. import cop_log
from ..models import Round


@dataclass(frozen=True)
class Choice:
    """One button: its label and the hidden fields it posts back to the pairing form."""

    label: str
    fields: list[tuple[str, object]]


def explanation(rounds: list[Round]) -> tuple[Round, cop_log.Explanation] | None:
    """The latest round and its explanation, when a logged system (COP) paired it."""
    if not rounds or not rounds[-1].pairing_log or rounds[-1].system not in LOGGED_SYSTEMS:
        return None
    return rounds[-1], cop_log.explain(rounds[-1].pairing_log)


def overconstrained_choices(err: CopRefused, data: dict) -> list[Choice]:
    """Pair without the rule(s) the error names (this round only), or start a manual draft."""
    base = [
        ("round_number", data["round_number"]),
        ("system", data["system"]),
        ("seed", "" if data["seed"] is None else data["seed"]),
        ("force", "on" if data["force"] else ""),
    ]
    names = {key: _(KEYS[key]) for key in err.culprits if key in KEYS}
    groups = [list(names)] if err.all_needed else [[key] for key in names]
    choices = [
        Choice(
            _("Pair round %(round)s without %(rules)s")
            % {"round": data["round_number"], "rules": ", ".join(names[k] for k in keys)},
            base + [("relax", key) for key in keys],
        )
        for keys in groups
        if keys
    ]
    manual = [(k, v) for k, v in base if k != "system"] + [("system", "manual")]
    choices.append(
        Choice(
            _("Pair round %(round)s by hand: a king-of-the-hill draft to change below")
            % {"round": data["round_number"]},
            manual,
        )
    )
    return choices
