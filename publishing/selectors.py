"""What the Publishing page shows of each target: values, drawn by publishing/status_text.py
and the template."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, fields

from django.db.models import Count, Exists, OuterRef, Subquery
from django.db.models.functions import Coalesce

from core.models import AuditEntry

from .models import PublishJob, PublishTarget


@dataclass(frozen=True)
class TargetStatus:
    id: int
    spec: str
    enabled: bool
    last_published_at: datetime.datetime | None
    # The event's audited changes since the last publish that succeeded began.
    changes_waiting: int
    unreachable_since: datetime.datetime | None
    last_error: str
    running: bool
    retry_at: datetime.datetime | None


def target_statuses(tournament_id: int) -> list[TargetStatus]:
    """Every target of the event with its state, in one query."""
    waiting = (
        AuditEntry.objects.filter(
            tournament_id=OuterRef("tournament_id"), id__gt=OuterRef("published_through")
        )
        .order_by()
        .values("tournament_id")
        .annotate(n=Count("id"))
        .values("n")
    )
    running = PublishJob.objects.filter(target=OuterRef("pk"), state=PublishJob.RUNNING)
    rows = (
        PublishTarget.objects.filter(tournament_id=tournament_id)
        .annotate(changes_waiting=Coalesce(Subquery(waiting), 0), running=Exists(running))
        .order_by("id")
        .values(*(field.name for field in fields(TargetStatus)))
    )
    return [TargetStatus(**row) for row in rows]
