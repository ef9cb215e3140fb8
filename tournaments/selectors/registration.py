"""Reads of the director's registration pages: the player picker and the registration table."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from players.models import Player
from players.visibility import visible_players

from ..models import Division, Entry

PICKER_LIMIT = 20


def player_matches(division: Division, text: str, limit: int = PICKER_LIMIT, *, viewer):
    """Up to ``limit`` players ``viewer`` may see (``players.visibility``), not yet entered in
    ``division``, whose name, member id or club matches ``text``, and whether there were more. A constant four queries (players, then their memberships and clubs) whatever the number of players or matches."""
    text = text.strip()
    if not text:
        return [], False
    match = (
        Q(name__icontains=text)
        | Q(sort_name__icontains=text)
        | Q(member_id__iexact=text)
        # Clubs sit beside tournaments: their memberships are reached by name, not imported.
        | Q(memberships__club__name__icontains=text)
    )
    entered = Entry.objects.filter(division=division).values("player_id")
    ids = (
        visible_players(viewer, Player.objects.filter(match))
        .exclude(pk__in=entered)
        .order_by("sort_name", "name", "pk")
        .values_list("pk", flat=True)
        .distinct()
    )
    players = list(
        Player.objects.filter(pk__in=list(ids[: limit + 1]))
        .order_by("sort_name", "name", "pk")
        .prefetch_related("memberships__club")
    )
    return players[:limit], len(players) > limit


def registration_entries(division: Division) -> QuerySet[Entry]:
    """The division's entries with their players, by number."""
    return division.entries.select_related("player").order_by("number")
