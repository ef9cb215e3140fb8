"""Players checking themselves in from their personal link, and what the director does around
it: open and close check-in for a division, then withdraw the players who never came.

Each is audited. A self check-in is recorded with no account (``by=None``) and the entry it
was for, under the action ``entry.self_check_in``; the director's own check-in
(``entries.entry_check_in``) stays as it was.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext_noop

from core.audit import audit_record, audited_update
from core.permissions import require_change
from core.refusal import Refusal

from ..models import Division, Entry, Pairing
from ..selectors.entry_links import missed_first_round
from .entries import ENTRY_FIELDS, entry_withdraw

CLOSED = gettext_noop("Check-in is closed. Please see the director's desk.")
WITHDRAWN = gettext_noop("You have withdrawn from this division. Please see the director.")
FINALIZED = gettext_noop("This event is finalized: check-in is over.")
PAIRED_WITHOUT = gettext_noop(
    "Round %(round)s is already paired without you. Please see the director's desk."
)
STILL_OPEN = gettext_noop("Close check-in before withdrawing the players who did not come.")


class CheckInRefused(Refusal):
    """A check-in or a withdrawal of no-shows that cannot be done now."""


def check_in_set_open(*, by, division: Division, is_open: bool) -> Division:
    """Open (or close) self check-in for ``division``'s players."""
    require_change(by, division)
    return audited_update(
        by=by,
        instance=division,
        fields=["check_in_open"],
        changes={"check_in_open": is_open},
        action="division.check_in_open" if is_open else "division.check_in_close",
        tournament_id=division.tournament_id,
    )


def entry_self_check_in(*, entry: Entry) -> Entry:
    """The holder of ``entry``'s personal link says the player is here, while check-in is open.
    Checking in twice changes nothing the second time. Refused once the player's first round is
    paired without them: a check-in would not put them in it, so they see the desk, which
    re-pairs the round or starts them in the next one (as a TSH director handles a late
    arrival)."""

    def check(locked: Entry, changes: dict) -> None:
        if locked.division.tournament.finalized_at is not None:
            raise CheckInRefused(FINALIZED)
        if not locked.division.check_in_open:
            raise CheckInRefused(CLOSED)
        if locked.withdrawn_after_round is not None:
            raise CheckInRefused(WITHDRAWN)
        missed = missed_first_round(locked)
        if missed is not None:
            raise CheckInRefused(PAIRED_WITHOUT, round=missed)

    with transaction.atomic():
        if Entry.objects.filter(pk=entry.pk, status=Entry.Status.CHECKED_IN).exists():
            return entry
        return audited_update(
            by=None,
            instance=entry,
            fields=ENTRY_FIELDS,
            changes={"status": Entry.Status.CHECKED_IN},
            action="entry.self_check_in",
            tournament_id=entry.division.tournament_id,
            scope="player link",
            check=check,
            select_related=["division__tournament"],
        )


def no_shows_withdraw(*, by, division: Division, entry_ids: list[int]) -> list[Entry]:
    """Withdraw before the start every entry of ``entry_ids`` that is still a no-show (entered
    for round 1, not checked in, not withdrawn, not paired), in one transaction, each audited as
    a withdrawal (so each can be reinstated). The entries withdrawn are returned."""
    require_change(by, division)
    with transaction.atomic():
        locked = Division.objects.select_for_update().get(pk=division.pk)
        if locked.check_in_open:
            raise CheckInRefused(STILL_OPEN)
        rows = no_show_rows(division).filter(pk__in=entry_ids).order_by("number")
        done = [entry_withdraw(by=by, entry=entry, after_round=0) for entry in rows]
        audit_record(
            by=by,
            action="division.no_shows_withdraw",
            obj=locked,
            tournament_id=locked.tournament_id,
            after={"entries": [entry.pk for entry in done]},
        )
    return done


def no_show_rows(division: Division):
    """The entries that would be withdrawn as no-shows: entered for round 1, never checked in,
    not withdrawn, in no round's pairings."""
    return division.entries.select_related("division").filter(NO_SHOW)


# An entry that has not come: entered for round 1, never checked in, not withdrawn, and paired
# in no round. A player paired in round 1 (a division pairing everyone entered, or a check-in
# taken back after pairing) cannot be withdrawn before the start: a game they miss is a forfeit
# (the result page's No-show), or the director withdraws them after the round.
NO_SHOW = Q(
    status=Entry.Status.REGISTERED, withdrawn_after_round__isnull=True, joins_at_round=1
) & ~Exists(Pairing.objects.filter(Q(first=OuterRef("pk")) | Q(second=OuterRef("pk"))))
