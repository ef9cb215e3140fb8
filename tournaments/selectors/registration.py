"""Reads of the director's registration pages: the player picker and the registration table."""

from __future__ import annotations

from django.db.models import QuerySet

from players.bulk import PICKER_LIMIT
from players.bulk import player_matches as search_players
from players.visibility import visible_players

from ..models import Division, Entry


def player_matches(division: Division, text: str, limit: int = PICKER_LIMIT, *, viewer):
    """Up to ``limit`` players ``viewer`` may see (``players.visibility``), not yet entered in
    ``division``, whose name, member id or club matches ``text``, and whether there were more
    (``players.bulk.player_matches``)."""
    entered = Entry.objects.filter(division=division).values("player_id")
    return search_players(visible_players(viewer), text, exclude=entered, limit=limit)


def registration_entries(division: Division) -> QuerySet[Entry]:
    """The division's entries with their players, by number."""
    return division.entries.select_related("player").order_by("number")


def arrival_counts(division: Division) -> dict:
    """How many of the division's players are entered, checked in and still expected
    (entered for round 1, neither checked in nor withdrawn), in one query."""
    rows = list(division.entries.values_list("status", "withdrawn_after_round", "joins_at_round"))
    checked_in = sum(status == Entry.Status.CHECKED_IN for status, _w, _j in rows)
    expected = sum(
        status == Entry.Status.REGISTERED and withdrawn is None and joins == 1
        for status, withdrawn, joins in rows
    )
    return {"entered": len(rows), "checked_in": checked_in, "expected": expected}
