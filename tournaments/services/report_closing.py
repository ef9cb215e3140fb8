"""Closing players' score reports, audited: what the report service and the result service share.

A report is only a proposal for a game without a result. Once the game's result is recorded any
other way (typed at the desk or the console, a forfeit, a no-show, a scoresheet's end, an undo
that brings a result back), the reports still open on it are closed as ``superseded``: the
director's queue no longer asks for them to be settled, and none of them can replace the result.
"""

from __future__ import annotations

from django.utils import timezone

from core.audit import audit_record

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
