"""Writes for clubs: the club itself, its members, club nights, attendance and casual games."""

import datetime

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record, audited_create, audited_update, snapshot
from core.model_fields import SAME_PLAYER
from core.refusal import Refusal
from core.slugs import free_slug
from players.models import Player

from ..models import Attendance, CasualGame, Club, ClubGuest, ClubSession, Membership
from ..signals import rated_session_changed

CLUB_FIELDS = [
    "name",
    "slug",
    "city",
    "country",
    "contact",
    "private",
    "ladder_members_only",
    "ladder_basis",
    "guests_rated",
]
MEMBERSHIP_FIELDS = ["since", "until", "role", "status", "status_since"]
GAME_FIELDS = ["player_a", "player_b", "score_a", "score_b", "rated"]

NEGATIVE_SCORE = gettext_noop("Scores cannot be negative.")


class ClubRefused(Refusal):
    """A change to a club, its members or its nights refused with a reason."""


def club_create(*, by, name: str, city: str = "", country: str = "", contact: str = "") -> Club:
    slug = free_slug(Club, name, "club")
    club = Club(name=name.strip(), slug=slug, city=city, country=country.upper(), contact=contact)
    return audited_create(by=by, instance=club, fields=CLUB_FIELDS, action="club.create")


def club_update(*, by, club: Club, **changes) -> Club:
    """Change the club's details or its choices (members-only pages, ladder, guests)."""
    return audited_update(
        by=by, instance=club, fields=CLUB_FIELDS, changes=changes, action="club.update"
    )


def membership_add(
    *, by, club: Club, player: Player, since=None, until=None, role: str = Membership.Role.MEMBER
) -> Membership:
    return audited_create(
        by=by,
        instance=Membership(club=club, player=player, since=since, until=until, role=role),
        fields=None,
        action="membership.add",
        scope=f"club:{club.pk}",
    )


def membership_update(*, by, membership: Membership, **changes) -> Membership:
    """Change a member's dates or role (an officer may change the club and its events)."""
    return audited_update(
        by=by,
        instance=membership,
        fields=MEMBERSHIP_FIELDS,
        changes=changes,
        action="membership.update",
        scope=f"club:{membership.club_id}",
    )


def club_session_create(*, by, club: Club, date: datetime.date, note: str = "") -> ClubSession:
    return audited_create(
        by=by,
        instance=ClubSession(club=club, date=date, note=note.strip()),
        fields=["club", "date", "note"],
        action="club_session.create",
        scope=f"club:{club.pk}",
    )


def attendance_mark(*, by, session: ClubSession, player: Player) -> Attendance:
    """Record that `player` came; marking twice is harmless and audited once."""
    with transaction.atomic():
        attendance, created = Attendance.objects.get_or_create(session=session, player=player)
        if created:
            audit_record(
                by=by,
                action="club_session.attend",
                obj=attendance,
                scope=f"club:{session.club_id}",
                after={"session": session.pk, "player": player.pk},
            )
    return attendance


def casual_game_add(
    *,
    by,
    session: ClubSession,
    player_a: Player,
    player_b: Player,
    score_a: int,
    score_b: int,
    rated: bool = True,
) -> CasualGame:
    """Enter one game of a club night; both players are marked present.

    A game added to a night that is already rated re-rates the club's list from that night.
    """
    if player_a.pk == player_b.pk:
        raise ClubRefused(SAME_PLAYER)
    if score_a < 0 or score_b < 0:
        raise ClubRefused(NEGATIVE_SCORE)
    with transaction.atomic():
        session = ClubSession.objects.select_for_update().select_related("club").get(pk=session.pk)
        if not session.club.guests_rated and _has_guest(session.club, player_a, player_b):
            rated = False  # the club does not rate games against its guests
        game = CasualGame(
            session=session,
            player_a=player_a,
            player_b=player_b,
            score_a=score_a,
            score_b=score_b,
            rated=rated,
        )
        for player in (player_a, player_b):
            attendance_mark(by=by, session=session, player=player)
        audited_create(
            by=by,
            instance=game,
            fields=GAME_FIELDS,
            action="casual_game.add",
            scope=f"club:{session.club_id}",
        )
        if rated:
            rated_session_changed.send(sender=CasualGame, session=session, by=by)
    return game


def casual_game_correct(*, by, game: CasualGame, score_a: int, score_b: int) -> CasualGame:
    """Correct a game's scores; a rated night is re-rated from there on."""
    if score_a < 0 or score_b < 0:
        raise ClubRefused(NEGATIVE_SCORE)
    with transaction.atomic():
        game = CasualGame.objects.select_for_update().select_related("session").get(pk=game.pk)
        before = snapshot(game, GAME_FIELDS)
        game.score_a, game.score_b = score_a, score_b
        game.save(update_fields=["score_a", "score_b"])
        audit_record(
            by=by,
            action="casual_game.correct",
            obj=game,
            scope=f"club:{game.session.club_id}",
            before=before,
            after=snapshot(game, GAME_FIELDS),
        )
        if game.rated:
            rated_session_changed.send(sender=CasualGame, session=game.session, by=by)
    return game


def _has_guest(club: Club, *players: Player) -> bool:
    return ClubGuest.objects.filter(club=club, player__in=players).exists()
