"""One switch for the whole event: open or close self check-in for every division at once, and
withdraw the players who did not come across every division (issue 33).

Each division is changed by the per-division services (``check_in``), so each change is audited
as it would be one division at a time (and each withdrawal can be reinstated); one more entry
records the event-wide action. Either every division changes or none does.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record
from core.permissions import require_change

from ..models import Entry, Tournament
from .check_in import NO_SHOW, CheckInRefused, check_in_set_open, no_shows_withdraw

STILL_OPEN_IN = gettext_noop(
    "Check-in is still open in division %(division)s: close it before withdrawing the players "
    "who did not come."
)


def event_check_in_set_open(*, by, tournament: Tournament, is_open: bool) -> list[str]:
    """Open (or close) self check-in in every division of ``tournament`` that is not so already.
    The names of the divisions changed are returned."""
    require_change(by, tournament)
    with transaction.atomic():
        changed = [
            check_in_set_open(by=by, division=division, is_open=is_open).name
            for division in tournament.divisions.select_for_update().order_by("name")
            if division.check_in_open != is_open
        ]
        audit_record(
            by=by,
            action="tournament.check_in_open" if is_open else "tournament.check_in_close",
            obj=tournament,
            tournament_id=tournament.pk,
            after={"name": tournament.name, "divisions": changed},
        )
    return changed


def event_no_shows(tournament: Tournament):
    """Every division's no-shows (entered for round 1, never checked in, not withdrawn, not
    paired), by division and number."""
    return (
        Entry.objects.filter(NO_SHOW, division__tournament=tournament)
        .select_related("division", "player")
        .order_by("division__name", "number")
    )


def event_no_shows_withdraw(*, by, tournament: Tournament, entry_ids: list[int]) -> list[Entry]:
    """Withdraw before the start every entry of ``entry_ids`` still a no-show, in every division
    of ``tournament``, in one transaction; refused (nothing changed) while any division's check-in
    is open. The entries withdrawn are returned."""
    require_change(by, tournament)
    with transaction.atomic():
        divisions = list(tournament.divisions.select_for_update().order_by("name"))
        still_open = [d.name for d in divisions if d.check_in_open]
        if still_open:
            raise CheckInRefused(STILL_OPEN_IN, division=still_open[0])
        done: list[Entry] = []
        for division in divisions:
            done += no_shows_withdraw(by=by, division=division, entry_ids=entry_ids)
        audit_record(
            by=by,
            action="tournament.no_shows_withdraw",
            obj=tournament,
            tournament_id=tournament.pk,
            after={"name": tournament.name, "entries": [entry.pk for entry in done]},
        )
    return done
