"""Player numbers by rating (issue 33): numbers follow the order players were entered (paste
order); before round 1 is paired a director may renumber the division by entry rating, highest
first (ties keep their order), as TSH directors expect. Each number changed is audited."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext_noop

from core.audit import audit_record
from core.permissions import require_change
from core.refusal import Refusal

from ..models import Division, Entry, Round

ALREADY_PAIRED = gettext_noop("Round 1 is already paired: player numbers stay as they are.")


class NumbersRefused(Refusal):
    """Player numbers that cannot be changed now."""


def entries_number_by_rating(*, by, division: Division) -> int:
    """Number ``division``'s entries 1, 2, ... by entry rating, highest first (ties and unrated
    players keep their order). Refused once a round is paired. Returns how many numbers
    changed."""
    require_change(by, division)
    with transaction.atomic():
        locked = Division.objects.select_for_update().get(pk=division.pk)
        if Round.objects.filter(division=locked).exists():
            raise NumbersRefused(ALREADY_PAIRED)
        entries = list(locked.entries.select_related("player").order_by("number"))
        ordered = sorted(entries, key=lambda e: -(e.rating or 0))
        moves = {e.pk: (e.number, n) for n, e in enumerate(ordered, start=1) if e.number != n}
        if moves:
            # Out of the way first (the numbers are unique in a division), then into place.
            top = max(e.number for e in entries)
            locked.entries.filter(pk__in=moves).update(number=F("number") + top)
            for entry in entries:
                if entry.pk in moves:
                    old, new = moves[entry.pk]
                    Entry.objects.filter(pk=entry.pk).update(number=new)
                    audit_record(
                        by=by,
                        action="entry.number",
                        obj=entry,
                        tournament_id=locked.tournament_id,
                        before={"number": old},
                        after={"number": new},
                    )
        audit_record(
            by=by,
            action="division.number_by_rating",
            obj=locked,
            tournament_id=locked.tournament_id,
            after={"changed": len(moves)},
        )
    return len(moves)
