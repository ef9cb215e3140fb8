"""Named reads for players and clubs."""

from django.db.models import Count, Prefetch, Q, QuerySet

from .models import Club, Membership, Player


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


def club_list() -> QuerySet[Club]:
    current = Membership.objects.current()
    return Club.objects.annotate(
        member_count=Count("memberships", filter=Q(memberships__in=current), distinct=True)
    )


def club_members(club: Club) -> QuerySet[Membership]:
    return club.memberships.select_related("player").order_by("player__sort_name")


def player_clubs(player: Player) -> QuerySet[Membership]:
    return player.memberships.select_related("club").order_by("club__name")


def players_with_clubs() -> QuerySet[Player]:
    return Player.objects.prefetch_related(
        Prefetch("memberships", queryset=Membership.objects.select_related("club"))
    )
