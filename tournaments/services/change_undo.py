"""Undo from the audit log (issue 33): every audited change to an entry, a registration, a
division's settings or its check-in that can be taken back is taken back from its line, as
results already are (``results.audit_undo``).

The undo puts back the fields the change set, provided they still hold what the change left
(a later change must be undone first), and is itself audited under the inverse action's name
(a withdrawal's undo reads "Reinstated ..."), pointing at the entry it undoes.

``audited_undo`` is the one way in, for the audit page's Undo, ``manage.py undo`` and the
console's ``undo`` alike: these changes here, any other a result change (``results.audit_undo``,
which refuses what is not one).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import ProtectedError, Q
from django.utils.translation import gettext_noop

from core.audit import audited_delete, audited_update, refuse_if_undone, snapshot
from core.models import AuditEntry
from core.permissions import require_change
from core.refusal import Refusal

from ..models import Division, Entry, Pairing
from ..models.entries import ADD_UNDO, DIVISION_UNDO, ENTRY_UNDO, SETTINGS_UNDO, UNDOABLE
from ..models.events import DIVISION_FIELDS
from .divisions import DivisionRefused, _validate
from .entries import ENTRY_FIELDS
from .results import ResultOutcome, audit_undo
from .rules import CONFIRM_PLAYED, RulesRefused, division_rules_update

NOT_UNDOABLE = gettext_noop("This change cannot be undone from the log.")
GONE = gettext_noop("What this change was about no longer exists.")
CHANGED_SINCE = gettext_noop("This changed again since; undo the later change first.")
ENTRY_PAIRED = gettext_noop(
    "%(player)s is already paired, so the registration cannot be undone; withdraw them instead."
)
SETTINGS_REFUSED = gettext_noop("The old settings cannot be put back: %(reason)s")
RULES_PLAYED = gettext_noop(
    "Games were already played under these rules, so they are not put back from the log; "
    "change them on the division's rules page, which asks you to confirm."
)


class UndoRefused(Refusal):
    """An audited change that cannot be undone now."""


@dataclass(frozen=True)
class Undone:
    """An undo done: its own audit entry, and for a result change the game's result now."""

    audit_entry: AuditEntry
    result: ResultOutcome | None = None


def audited_undo(*, by, entry: AuditEntry) -> Undone:
    """Undo the audited change ``entry`` as the audit page's Undo does, whatever it changed.

    ``by=None`` is the system (a command run without ``--user``), which may undo anything; an
    account is checked as on the page. Raises ``UndoRefused`` or ``results.ResultRefused``."""
    if entry.action in UNDOABLE:
        return Undone(change_undo(by=by, entry_id=entry.pk))
    outcome = audit_undo(by=by, entry_id=entry.pk)
    return Undone(outcome.audit_entry, outcome)


def change_undo(*, by, entry_id: int) -> AuditEntry:
    """Undo the audited change ``entry_id`` (an entry's, a registration, a division's settings
    or check-in); the undo is audited and returned."""
    with transaction.atomic():
        record = AuditEntry.objects.select_for_update().get(pk=entry_id)
        if record.action not in UNDOABLE or not record.after:
            raise UndoRefused(NOT_UNDOABLE)
        refuse_if_undone(record, UndoRefused)
        if record.action in ADD_UNDO:
            _undo_add(by, record)
        elif record.action == "division.rules":
            _undo_rules(by, record)
        elif record.action in SETTINGS_UNDO:
            _undo_settings(by, record)
        else:
            _undo_fields(by, record)
        return AuditEntry.objects.get(undoes=record)


def _undo_fields(by, record: AuditEntry) -> None:
    """An entry change or a division's check-in: its fields back to their before values."""
    if not record.before:
        raise UndoRefused(NOT_UNDOABLE)
    if record.action in ENTRY_UNDO:
        fields, action = ENTRY_UNDO[record.action]
        target = _target(Entry.objects.select_related("division"), record)
        _require(by, target.division)
        all_fields = [*ENTRY_FIELDS, *(f for f in fields if f not in ENTRY_FIELDS)]
    else:
        fields, action = ("check_in_open",), DIVISION_UNDO[record.action]
        target = _target(Division.objects.all(), record)
        _require(by, target)
        all_fields = list(fields)
    _check_unchanged(target, record, fields)
    audited_update(
        by=by,
        instance=target,
        fields=all_fields,
        changes={f: record.before.get(f) for f in fields},
        action=action,
        tournament_id=record.tournament_id,
        undoes=record,
    )


def _undo_add(by, record: AuditEntry) -> None:
    """A registration: the entry goes again, unless it has been paired (then withdraw it)."""
    target = _target(Entry.objects.select_related("division", "player"), record)
    _require(by, target.division)
    paired = Pairing.objects.filter(Q(first=target) | Q(second=target)).exists()
    if paired:
        raise UndoRefused(ENTRY_PAIRED, player=target.player.name)
    try:
        audited_delete(
            by=by,
            instance=target,
            fields=ENTRY_FIELDS,
            action=ADD_UNDO[record.action],
            tournament_id=record.tournament_id,
            undoes=record,
        )
    except ProtectedError as err:
        raise UndoRefused(ENTRY_PAIRED, player=target.player.name) from err


def _undo_settings(by, record: AuditEntry) -> None:
    """A division's settings: the fields the change set go back, validated as any change is."""
    if not record.before:
        raise UndoRefused(NOT_UNDOABLE)
    fields = [f for f in DIVISION_FIELDS if record.before.get(f) != record.after.get(f)]
    if not fields:
        raise UndoRefused(NOT_UNDOABLE)
    target = _target(Division.objects.all(), record)
    _require(by, target)
    _check_unchanged(target, record, fields)
    try:
        audited_update(
            by=by,
            instance=target,
            fields=DIVISION_FIELDS,
            changes={f: record.before.get(f) for f in fields},
            action=SETTINGS_UNDO[record.action],
            tournament_id=record.tournament_id,
            clean=_validate,
            undoes=record,
        )
    except DivisionRefused as err:
        raise UndoRefused(SETTINGS_REFUSED, reason=err) from err


def _undo_rules(by, record: AuditEntry) -> None:
    """A division's rules: the preset and changes it had, while it still has the new ones."""
    before, after = record.before or {}, record.after
    if "rules_preset" not in before:
        raise UndoRefused(NOT_UNDOABLE)
    target = _target(Division.objects.all(), record)
    _require(by, target)
    now = (target.rules_preset, target.rules)
    if now != (after.get("rules_preset"), after.get("rules")):
        raise UndoRefused(CHANGED_SINCE)
    try:
        division_rules_update(
            by=by,
            division=target,
            preset=before["rules_preset"],
            fields=before.get("rules") or {},
            undoes=record,
        )
    except RulesRefused as err:
        if err.template == CONFIRM_PLAYED:
            raise UndoRefused(RULES_PLAYED) from err
        raise UndoRefused(SETTINGS_REFUSED, reason=err) from err


def _require(by, target) -> None:
    """An account may change ``target`` as on the page; the system (``by=None``) may."""
    if by is not None:
        require_change(by, target)


def _check_unchanged(target, record: AuditEntry, fields) -> None:
    now = snapshot(target, list(fields))
    if any(now.get(f) != record.after.get(f) for f in fields):
        raise UndoRefused(CHANGED_SINCE)


def _target(rows, record: AuditEntry):
    if not record.object_id.isdigit():
        raise UndoRefused(GONE)
    found = rows.filter(pk=int(record.object_id)).first()
    if found is None:
        raise UndoRefused(GONE)
    return found
