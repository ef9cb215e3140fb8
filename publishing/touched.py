"""What the changes of an event since its last complete publish touched, read from the audit
log: the results' divisions, rounds and players, for the first stage of a publish
(``plan.stages``). Changes of any other kind touch nothing here: the last stage, a whole round,
publishes them."""

from __future__ import annotations

from core.models import AuditEntry
from tournaments.models import Pairing

from .plan.stages import Touched

PAIRING = "tournaments.pairing"
# A first stage is for a few results; after more (a round entered in bulk, a long outage) the
# publish is one whole round.
MOST_ENTRIES = 50


def touched_since(event_id: int, after_entry_id: int) -> Touched:
    """What the results audited for the event after entry ``after_entry_id`` touched; nothing
    when none, or more than MOST_ENTRIES entries, were audited since."""
    entries = AuditEntry.objects.filter(tournament_id=event_id, id__gt=after_entry_id)
    found = list(entries.values_list("object_type", "object_id")[: MOST_ENTRIES + 1])
    if not found or len(found) > MOST_ENTRIES:
        return Touched()
    ids = {int(pk) for kind, pk in found if kind == PAIRING and pk.isdigit()}
    pairings = Pairing.objects.filter(pk__in=ids, round__division__tournament_id=event_id)
    rows = pairings.values_list(
        "round__division__name", "round__number", "first__number", "second__number"
    )
    divisions, rounds, players = set(), set(), set()
    for division, round_number, first, second in rows:
        divisions.add(division)
        rounds.add((division, round_number))
        players.update((division, number) for number in (first, second) if number is not None)
    return Touched(frozenset(divisions), frozenset(rounds), frozenset(players))
