"""What a polled page's kept copy is checked against, besides the event's version.

``core.versions`` renews an event's version with every audited change; where a process's cache
is its own (no shared cache), another process's change renews only its own version, so a copy
kept under a version is looked at again now and then against ``latest_change``: one indexed
query on the audit log, equal while nothing of the event changed.
"""

from __future__ import annotations

from django.db.models import Max

from core.models import AuditEntry


def latest_change(tournament_id: int) -> int:
    """The event's latest audited change (0: none): every change a public page shows is
    audited with its event, so an equal answer means a copy kept before still stands."""
    found = AuditEntry.objects.filter(tournament_id=tournament_id).aggregate(latest=Max("id"))
    return found["latest"] or 0
