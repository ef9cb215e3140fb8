"""Result changes in words, shared by the result pages and the result commands."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.models import AuditEntry

from ..models import Pairing
from ..services import results as services

ACTION_LABELS = {
    "result.record": gettext_lazy("Result saved"),
    "result.clear": gettext_lazy("Result cleared"),
    "result.undo": gettext_lazy("Undo"),
}


def audit_rows(entries: list[AuditEntry]) -> list[dict]:
    """Each audit entry with its game (fetched in one query) and readable before/after."""
    ids = [
        int(e.object_id)
        for e in entries
        if e.object_type == "tournaments.pairing" and e.object_id.isdigit()
    ]
    pairings = Pairing.objects.select_related("round", "first__player", "second__player").in_bulk(
        ids
    )
    rows = []
    for entry in entries:
        is_result = entry.action in services.RESULT_ACTIONS
        pairing = pairings.get(int(entry.object_id)) if is_result else None
        rows.append(
            {
                "entry": entry,
                "label": ACTION_LABELS.get(entry.action, entry.action),
                "pairing": pairing,
                "before": describe_result(entry.before, pairing) if pairing else "",
                "after": describe_result(entry.after, pairing) if pairing else "",
                "can_undo": pairing is not None and not hasattr(entry, "undone_by"),
            }
        )
    return rows


def describe_result(snapshot: dict | None, pairing: Pairing) -> str:
    """A result snapshot in words, e.g. "380–402" or "forfeit by #12"."""
    if not snapshot:
        return _("no result")
    kind = snapshot["kind"]
    if kind == Pairing.Kind.FORFEIT:
        loser = pairing.first if snapshot["forfeited_by"] == pairing.first_id else pairing.second
        return _("forfeit by #%(number)d") % {"number": loser.number}
    if kind == Pairing.Kind.DOUBLE_FORFEIT:
        return _("double forfeit")
    if kind == Pairing.Kind.BYE:
        return _("bye")
    if snapshot["first_score"] is None or snapshot["second_score"] is None:
        return _("no result")
    return f"{snapshot['first_score']}–{snapshot['second_score']}"
