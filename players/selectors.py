"""Named reads for players and clubs."""

from django.db.models import Q, QuerySet

from .models import Player


def player_duplicates(
    *, name: str, country: str = "", member_id: str = "", exclude_id: int | None = None
) -> QuerySet[Player]:
    """Players that look like the same person: same member id, or same name and country."""
    match = Q(name__iexact=name.strip(), country__iexact=country.strip())
    if member_id.strip():
        match |= Q(member_id=member_id.strip())
    found = Player.objects.filter(match)
    if exclude_id is not None:
        found = found.exclude(pk=exclude_id)
    return found
