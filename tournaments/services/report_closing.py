"""Closing players' score reports, audited: what the report service and the result service share.

A report is only a proposal for a game without a result. Once the game's result is recorded any
other way (typed at the desk or the console, a forfeit, a no-show, a scoresheet's end, an undo
that brings a result back), the reports still open on it are closed as ``superseded``: the
director's queue no longer asks for them to be settled, and none of them can replace the result.
An undo that takes that result away again (``results.audit_undo``) reopens the reports it closed,
each as it was just before (waiting, disputed, a tie for a director), audited as
``score_report.reopen``.
"""

from __future__ import annotations

from django.utils import timezone

from core.audit import audit_record
from core.models import AuditEntry

from ..models import Pairing, ScoreReport
from ..selectors.self_reports import OPEN


def report_settle(report: ScoreReport, status: str, *, by=None, action: str = "") -> None:
    """Close ``report`` with ``status``; ``action``: audited as that (else the caller audits)."""
    report.status = status
    report.settled_at = timezone.now()
    report.save(update_fields=["status", "settled_at"])
    if action:
        report_audit(by, report, action)


def report_audit(by, report: ScoreReport, action: str) -> None:
    """The audit entry of a change of ``report``, as ``action``."""
    audit_record(
        by=by,
        action=action,
        obj=report,
        tournament_id=report.pairing.round.division.tournament_id,
        after={
            "pairing": report.pairing_id,
            "entry": report.reported_by_id,
            "first_score": report.first_score,
            "second_score": report.second_score,
            "status": report.status,
        },
    )


def reports_superseded(by, pairing: Pairing) -> None:
    """Close the reports still open on ``pairing`` if its result is now in (in the caller's
    transaction, under its lock of the pairing row)."""
    if not pairing.is_reported:
        return
    for report in pairing.score_reports.filter(status__in=OPEN).order_by("pk"):
        report.pairing = pairing  # the locked row: the audit reads its round without a query
        report_settle(report, ScoreReport.Status.SUPERSEDED, by=by, action="score_report.supersede")


# What a result's recording (a supersede, an accept, a confirm, a report set aside) audits.
CLOSINGS = (
    "score_report.supersede",
    "score_report.accept",
    "score_report.confirm",
    "score_report.withdraw",
)


def reports_reopened(by, pairing: Pairing, undone: AuditEntry) -> None:
    """Reopen the reports on ``pairing`` that recording the result ``undone`` closed, now that
    an undo left the game without a result: each back to the open status it had before it."""
    if pairing.is_reported:
        return
    report_type = ScoreReport._meta.label_lower
    logged = AuditEntry.objects.filter(object_type=report_type, after__pairing=pairing.pk)
    # The log keeps ids as text: read them here, not compared in SQL against a whole number
    # (PostgreSQL has no such comparison).
    closed = logged.filter(action__in=CLOSINGS, pk__gt=undone.pk).values_list(
        "object_id", flat=True
    )
    ids = {int(found) for found in closed if found.isdigit()}
    for report in pairing.score_reports.filter(pk__in=ids).order_by("pk"):
        earlier = logged.filter(object_id=str(report.pk), pk__lt=undone.pk).order_by("-pk")
        status = next((e.after["status"] for e in earlier[:1]), "")
        if status in OPEN:
            report.pairing = pairing
            report.status, report.settled_at = status, None
            report.save(update_fields=["status", "settled_at"])
            report_audit(by, report, "score_report.reopen")
