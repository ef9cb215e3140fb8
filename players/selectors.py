"""Named reads for players and clubs."""

from django.db.models import Q, QuerySet

from .models import Player
from .visibility import visible_players


def player_duplicates(
    *, viewer, name: str, country: str = "", member_id: str = "", exclude_id: int | None = None
) -> QuerySet[Player]:
    """Players ``viewer`` may see that look like the same person: same member id, or same name
    and country (``players.visibility``: a person known only through a private event is not
    named to someone who may not see it)."""
    match = Q(name__iexact=name.strip(), country__iexact=country.strip())
    if member_id.strip():
        match |= Q(member_id=member_id.strip())
    found = visible_players(viewer, Player.objects.filter(match))
    if exclude_id is not None:
        found = found.exclude(pk=exclude_id)
    return found
