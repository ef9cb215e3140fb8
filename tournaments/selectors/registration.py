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
