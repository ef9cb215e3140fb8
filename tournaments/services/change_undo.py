"""Undo from the audit log (issue 33): every audited change to an entry or to a division's
check-in that can be taken back is taken back from its line, as results already are
(``results.audit_undo``).

The undo puts back the fields the change set, provided they still hold what the change left
(a later change must be undone first), and is itself audited under the inverse action's name
(a withdrawal's undo reads "Reinstated ..."), pointing at the entry it undoes.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audited_update, snapshot
from core.models import AuditEntry
from core.permissions import require_change
from core.refusal import Refusal

from ..models import Division, Entry
from ..models.entries import DIVISION_UNDO, ENTRY_UNDO, UNDOABLE
from .entries import ENTRY_FIELDS

NOT_UNDOABLE = gettext_noop("This change cannot be undone from the log.")
ALREADY_UNDONE = gettext_noop("This change has already been undone.")
GONE = gettext_noop("What this change was about no longer exists.")
CHANGED_SINCE = gettext_noop("This changed again since; undo the later change first.")


class UndoRefused(Refusal):
    """An audited change that cannot be undone now."""


def change_undo(*, by, entry_id: int) -> AuditEntry:
    """Undo the audited change ``entry_id`` (an entry's or a division's check-in); the undo is
    audited and returned."""
    with transaction.atomic():
        record = AuditEntry.objects.select_for_update().get(pk=entry_id)
        if record.action not in UNDOABLE or not (record.before and record.after):
            raise UndoRefused(NOT_UNDOABLE)
        if AuditEntry.objects.filter(undoes=record).exists():
            raise UndoRefused(ALREADY_UNDONE)
        if record.action in ENTRY_UNDO:
            fields, action = ENTRY_UNDO[record.action]
            target = _target(Entry.objects.select_related("division"), record)
            require_change(by, target.division)
            all_fields = [*ENTRY_FIELDS, *(f for f in fields if f not in ENTRY_FIELDS)]
        else:
            fields, action = ("check_in_open",), DIVISION_UNDO[record.action]
            target = _target(Division.objects.all(), record)
            require_change(by, target)
            all_fields = list(fields)
        now = snapshot(target, list(fields))
        if any(now.get(f) != record.after.get(f) for f in fields):
            raise UndoRefused(CHANGED_SINCE)
        audited_update(
            by=by,
            instance=target,
            fields=all_fields,
            changes={f: record.before.get(f) for f in fields},
            action=action,
            tournament_id=record.tournament_id,
            undoes=record,
        )
        return AuditEntry.objects.get(undoes=record)


def _target(rows, record: AuditEntry):
    if not record.object_id.isdigit():
        raise UndoRefused(GONE)
    found = rows.filter(pk=int(record.object_id)).first()
    if found is None:
        raise UndoRefused(GONE)
    return found
