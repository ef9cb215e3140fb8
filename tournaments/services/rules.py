"""Rule sets of events and divisions: start from a preset, change any field, and say so when
games were already played under the old rules.

A division with no preset of its own plays under its event's rules. Rules are free to change
until the first result is entered; after that the director must confirm, knowing which games
were played under which rules, and the audit entry keeps both rule sets in full.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record
from games.engine.messages import EngineError
from games.engine.rules import PRESETS, RuleSet, preset_rules

from ..models import Division, Tournament
from ..selectors.rules import inheriting_divisions, played_games
from .divisions import DivisionRefused

RULES_FIELDS = ["rules_preset", "rules"]

CONFIRM_PLAYED = gettext_noop(
    "Games were already played under the current rules: confirm the change to apply the new "
    "rules from now on."
)


class RulesRefused(DivisionRefused):
    """A rule set refused: an unknown preset, impossible values, or played games unconfirmed."""


def checked_rules(preset: str, fields: Mapping[str, Any] | None = None) -> RuleSet:
    """``preset`` with ``fields`` changed; raises ``RulesRefused`` with the engine's reason."""
    try:
        return preset_rules(preset, fields)
    except EngineError as err:
        raise RulesRefused(err.template, **err.params) from err


def stored_changes(preset: str, rules: RuleSet) -> dict[str, Any]:
    """Only the fields of ``rules`` that differ from ``preset`` (as JSON), so a preset fixed
    later in the code reaches every field a director did not choose."""
    base = PRESETS[preset].to_dict()
    return {k: v for k, v in rules.to_dict().items() if k != "name" and v != base[k]}


def _refuse_if_played(divisions) -> None:
    if played_games(divisions) is not None:
        raise RulesRefused(CONFIRM_PLAYED)


def _audit_side(instance, rules: RuleSet) -> dict:
    return {
        "rules_preset": instance.rules_preset,
        "rules": instance.rules,
        "rule_set": rules.to_dict(),
    }


def division_rules_update(
    *,
    by,
    division: Division,
    preset: str = "",
    fields: Mapping[str, Any] | None = None,
    confirm_played: bool = False,
    undoes=None,
) -> Division:
    """Give ``division`` the rules ``preset`` with ``fields`` changed, or its event's rules
    when ``preset`` is empty. Refused, changing nothing, when results were entered and the
    rules in force change without ``confirm_played``. ``undoes``: the audit entry of the rules
    change this puts back (``services.change_undo``)."""
    new_rules = checked_rules(preset, fields) if preset else None
    with transaction.atomic():
        locked = (
            Division.objects.select_for_update().select_related("tournament").get(pk=division.pk)
        )
        old_rules = locked.rule_set()
        after = new_rules if new_rules is not None else locked.tournament.rule_set()
        if after != old_rules and not confirm_played:
            _refuse_if_played(Division.objects.filter(pk=locked.pk))
        changes = stored_changes(preset, new_rules) if new_rules is not None else {}
        _save_rules(by, locked, preset, changes, old_rules, after, "division.rules", undoes)
    return locked


def tournament_rules_update(
    *,
    by,
    tournament: Tournament,
    preset: str,
    fields: Mapping[str, Any] | None = None,
    confirm_played: bool = False,
) -> Tournament:
    """Give the event (and every division without rules of its own) ``preset`` with ``fields``
    changed; refused without ``confirm_played`` once those divisions have results."""
    new_rules = checked_rules(preset, fields)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        old_rules = locked.rule_set()
        if new_rules != old_rules and not confirm_played:
            _refuse_if_played(inheriting_divisions(locked))
        changes = stored_changes(preset, new_rules)
        _save_rules(by, locked, preset, changes, old_rules, new_rules, "tournament.rules")
    return locked


def _save_rules(by, locked, preset: str, changes: dict, old, new, action: str, undoes=None) -> None:
    """Store the preset and its changes on ``locked`` (a division or an event) and audit both
    rule sets in full."""
    before = _audit_side(locked, old)
    locked.rules_preset, locked.rules = preset, changes
    locked.save(update_fields=RULES_FIELDS)
    tournament_id = locked.pk if isinstance(locked, Tournament) else locked.tournament_id
    audit_record(
        by=by,
        action=action,
        obj=locked,
        tournament_id=tournament_id,
        before=before,
        after=_audit_side(locked, new),
        undoes=undoes,
    )
