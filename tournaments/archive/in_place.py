"""Restoring an archive over the event it was taken from: the event keeps its id and address.

Everything the archive holds is deleted first (``event_clear``: each section's part, score
reports, pairings, pins, rounds, prize bands, entries, divisions, roles and the event's audit
log), then the archive is written into the same event row by ``restore.write_event``, its
entries keeping their ids (``same_ids``: the players' printed links keep working). The caller
runs both in one transaction, so the event is replaced whole or not at all; the restore point
service takes a restore point of the state it replaces first.
"""

from __future__ import annotations

from collections.abc import Collection

from django.contrib.auth import get_user_model

from core.models import AuditEntry

from ..models import (
    Division,
    Entry,
    FixedPairing,
    Pairing,
    PrizeBand,
    Round,
    ScoreReport,
    Tournament,
    TournamentRole,
)
from .check import check_archive, parse
from .restore import EventImport, write_event
from .same_ids import same_entries
from .sections import SECTIONS
from .shape import database_rules_kept


def event_clear(tournament: Tournament, keep_audit: Collection[int] = ()) -> None:
    """Delete everything of ``tournament`` an archive holds, keeping the event row itself (and
    the audit entries ``keep_audit``)."""
    for section in SECTIONS.values():
        section.clear(tournament)
    ScoreReport.objects.filter(pairing__round__division__tournament=tournament).delete()
    FixedPairing.objects.filter(division__tournament=tournament).delete()
    Pairing.objects.filter(round__division__tournament=tournament).delete()
    Round.objects.filter(division__tournament=tournament).delete()
    PrizeBand.objects.filter(division__tournament=tournament).delete()
    Entry.objects.filter(division__tournament=tournament).delete()
    Division.objects.filter(tournament=tournament).delete()
    TournamentRole.objects.filter(tournament=tournament).delete()
    AuditEntry.objects.filter(tournament=tournament).exclude(pk__in=keep_audit).delete()


def event_replace(
    *, by, tournament: Tournament, data: bytes, director=None, keep_audit: Collection[int] = ()
) -> EventImport:
    """Replace ``tournament`` with the archive ``data`` (under the event's current slug); to be
    called inside a transaction. The audit entries ``keep_audit`` stay beside the archive's.
    ``ArchiveRefused`` names every problem, before anything is deleted."""
    checked = check_archive(parse(data), slug=tournament.slug, replacing=tournament.pk)
    users = {
        user.username: user
        for user in get_user_model().objects.filter(username__in=checked.usernames())
    }
    same = same_entries(tournament)
    event_clear(tournament, keep_audit)
    with database_rules_kept():
        return write_event(by, checked, users, director, into=tournament, same=same)
