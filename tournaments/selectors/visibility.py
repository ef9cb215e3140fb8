"""Who may see which player, now that private events exist.

A player who has entered events, every one of them private to the viewer, and who is named
nowhere else (no club, no club night, no casual scoresheet) is known to the viewer only through
those events; naming them anywhere would tell the viewer who plays there. Such players are
hidden from the viewer everywhere (the player list and search, the player page, rating lists).
Everyone else is public as before, including players who have entered no event yet.
"""

from django.db.models import Exists, OuterRef, Q, QuerySet

from players.models import Player

from ..models import Entry, Tournament


def visible_players(user, players: QuerySet[Player] | None = None) -> QuerySet[Player]:
    """``players`` (default: all) without those known to ``user`` only through events ``user``
    may not see."""
    players = Player.objects.all() if players is None else players
    if _staff(user):
        return players
    entries = Entry.objects.filter(player=OuterRef("pk"))
    seen = entries.filter(division__tournament__in=Tournament.objects.visible_to(user))
    named_elsewhere = Player.objects.filter(
        Q(memberships__isnull=False)
        | Q(attendances__isnull=False)
        | Q(games_first__pairing__isnull=True, games_first__isnull=False)
        | Q(games_second__pairing__isnull=True, games_second__isnull=False)
    ).values("pk")
    shown = ~Exists(entries) | Exists(seen) | Q(pk__in=named_elsewhere)
    if user is not None and user.is_authenticated:
        shown |= Q(user=user)
    return players.filter(shown)


def _staff(user) -> bool:
    return user is not None and user.is_authenticated and user.is_active and user.is_staff


def player_places(user) -> tuple[QuerySet, QuerySet]:
    """For ``players.visibility``: the people entered in any event, and those entered in an
    event ``user`` may see or named on a casual scoresheet (public)."""
    named = Entry.objects.values("player_id")
    seen = Player.objects.filter(
        Q(entries__division__tournament__in=Tournament.objects.visible_to(user))
        | Q(games_first__pairing__isnull=True, games_first__isnull=False)
        | Q(games_second__pairing__isnull=True, games_second__isnull=False)
    ).values("pk")
    return named, seen
