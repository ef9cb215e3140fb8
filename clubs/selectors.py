"""Named reads for clubs, their members and their club nights."""

import datetime

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from players.models import Player

from .models import CasualGame, Club, ClubGuest, ClubSession, Membership


def club_list(user=None) -> QuerySet[Club]:
    """The clubs ``user`` may see (members-only clubs to their members) with member counts."""
    current = Membership.objects.current()
    return Club.objects.visible_to(user).annotate(
        member_count=Count("memberships", filter=Q(memberships__in=current), distinct=True)
    )


def club_members(club: Club) -> QuerySet[Membership]:
    """Every membership of the club (current, lapsed, ended) with its player, by name."""
    return club.memberships.select_related("player").order_by("player__sort_name", "pk")


def member_counts(club: Club) -> dict[str, int]:
    """How many current members are active and lapsed (one query)."""
    current = Membership.objects.current().filter(club=club)
    return current.aggregate(
        active=Count("pk", filter=Q(status=Membership.Status.ACTIVE)),
        lapsed=Count("pk", filter=Q(status=Membership.Status.LAPSED)),
    )


def club_guests(club: Club) -> QuerySet[ClubGuest]:
    """The club's guests with how many club games each has played (one query)."""
    games = CasualGame.objects.filter(
        Q(player_a=OuterRef("player")) | Q(player_b=OuterRef("player")), session__club=club
    )
    count = games.order_by().values("session__club").annotate(n=Count("pk")).values("n")
    return (
        club.guests.select_related("player", "club")
        .annotate(game_count=Coalesce(Subquery(count), 0))
        .order_by("player__sort_name")
    )


def player_clubs(player: Player, user=None) -> QuerySet[Membership]:
    """The player's clubs that ``user`` may see (a members-only club is named to its members)."""
    shown = Club.objects.visible_to(user)
    return player.memberships.filter(club__in=shown).select_related("club").order_by("club__name")


def player_places(user) -> tuple[QuerySet, QuerySet]:
    """For ``players.visibility``: the people named in any club (member, guest, at a night),
    and those named in a club ``user`` may see."""
    shown = Club.objects.visible_to(user)
    named = Player.objects.filter(
        Q(memberships__isnull=False) | Q(guest_of__isnull=False) | Q(attendances__isnull=False)
    ).values("pk")
    seen = Player.objects.filter(
        Q(memberships__club__in=shown)
        | Q(guest_of__club__in=shown)
        | Q(attendances__session__club__in=shown)
    ).values("pk")
    return named, seen


def club_sessions(club: Club) -> QuerySet[ClubSession]:
    """The club's nights, newest first, with how many came and how many games were played."""
    return club.sessions.annotate(
        attendance_count=Count("attendances", distinct=True),
        game_count=Count("games", distinct=True),
    ).order_by("-date", "-id")


def club_upcoming_events(club: Club, today: datetime.date, user):
    """The club's tournaments ``user`` may see starting today or later, soonest first."""
    # Through the reverse relation: clubs sit beside tournaments and do not import them.
    upcoming = club.tournaments.visible_to(user).filter(start_date__gte=today)
    return upcoming.order_by("start_date", "name")


def session_games(session: ClubSession) -> QuerySet[CasualGame]:
    return session.games.select_related("player_a", "player_b").order_by("entered_at", "id")


def session_attendance(session: ClubSession) -> QuerySet[Player]:
    return Player.objects.filter(attendances__session=session).order_by("sort_name")


def club_player_choices(club: Club) -> QuerySet[Player]:
    """Who can be named in a club night: the club's members past and present, and its guests."""
    return (
        Player.objects.filter(Q(memberships__club=club) | Q(guest_of__club=club))
        .distinct()
        .order_by("sort_name")
    )
