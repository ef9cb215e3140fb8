"""Guests: a visitor plays club nights without joining (a player record of their own, listed as
the club's guest), and is later made a member or matched to a player already here."""

from django.db import transaction
from django.db.models import ProtectedError, Q
from django.utils.translation import gettext_noop

from core.audit import audit_record, audited_create, snapshot
from players.models import Player, default_sort_name

from ..models import Attendance, CasualGame, Club, ClubGuest, ClubSession, Membership
from ..signals import rated_session_changed
from .nights import GAME_FIELDS, ClubRefused, attendance_mark, membership_add

GUEST_NAME = gettext_noop("A guest needs a name.")
GUEST_PLAYED_PLAYER = gettext_noop(
    "%(guest)s played %(player)s at a club night: they cannot be the same person."
)
GUEST_ELSEWHERE = gettext_noop(
    "%(guest)s is also named outside this club (an event or a scoresheet): match them there."
)


def club_guest_add(*, by, club: Club, name: str, session: ClubSession | None = None) -> ClubGuest:
    """A visitor plays without becoming a member: a player record of their own, listed as the
    club's guest (and marked present at ``session`` when given)."""
    name = " ".join(name.split())
    if not name:
        raise ClubRefused(GUEST_NAME)
    with transaction.atomic():
        player = audited_create(
            by=by,
            instance=Player(name=name, sort_name=default_sort_name(name)),
            fields=["name"],
            action="player.create",
        )
        guest = ClubGuest(club=club, player=player)
        if session is not None:
            guest.added_on = session.date
        guest.full_clean()
        guest.save()
        audit_record(
            by=by,
            action="club_guest.add",
            obj=guest,
            scope=f"club:{club.pk}",
            after={"player": player.pk, "name": player.name},
        )
        if session is not None:
            attendance_mark(by=by, session=session, player=player)
    return guest


def club_guest_make_member(*, by, guest: ClubGuest, since=None) -> Membership:
    """The guest joins: the same player becomes a member, keeping every game they played."""
    with transaction.atomic():
        guest = (
            ClubGuest.objects.select_for_update().select_related("club", "player").get(pk=guest.pk)
        )
        membership = membership_add(by=by, club=guest.club, player=guest.player, since=since)
        audit_record(
            by=by,
            action="club_guest.join",
            obj=guest,
            scope=f"club:{guest.club_id}",
            before={"player": guest.player_id, "name": guest.player.name},
            after={"membership": membership.pk, "name": guest.player.name},
        )
        guest.delete()
    return membership


def club_guest_match(*, by, guest: ClubGuest, player: Player) -> Player:
    """The guest was ``player`` all along: their games and attendance move to ``player``, the
    guest's own record goes, and the rated nights they played are re-rated."""
    with transaction.atomic():
        guest = (
            ClubGuest.objects.select_for_update().select_related("club", "player").get(pk=guest.pk)
        )
        stand_in, scope = guest.player, f"club:{guest.club_id}"
        games = CasualGame.objects.filter(Q(player_a=stand_in) | Q(player_b=stand_in))
        clash = games.filter(Q(player_a=player) | Q(player_b=player)).exists()
        if clash or player.pk == stand_in.pk:
            raise ClubRefused(GUEST_PLAYED_PLAYER, guest=stand_in.name, player=player.name)
        if ClubGuest.objects.filter(player=stand_in).exclude(pk=guest.pk).exists() or (
            Membership.objects.filter(player=stand_in).exists()
        ):
            raise ClubRefused(GUEST_ELSEWHERE, guest=stand_in.name)
        sessions = list(ClubSession.objects.filter(games__in=games).distinct())
        _move_games(by, games, stand_in, player, scope)
        _move_attendance(by, stand_in, player, scope)
        audit_record(
            by=by,
            action="club_guest.match",
            obj=guest,
            scope=scope,
            before={"guest": stand_in.pk, "name": stand_in.name},
            after={"player": player.pk, "name": player.name},
        )
        _remove_stand_in(by, stand_in, player, scope)
        for session in sessions:
            rated_session_changed.send(sender=CasualGame, session=session, by=by)
    return player


def _move_games(by, games, stand_in: Player, player: Player, scope: str) -> None:
    for game in games.select_for_update():
        before = snapshot(game, GAME_FIELDS)
        if game.player_a_id == stand_in.pk:
            game.player_a = player
        else:
            game.player_b = player
        game.save(update_fields=["player_a", "player_b"])
        after = snapshot(game, GAME_FIELDS)
        audit_record(
            by=by, action="casual_game.correct", obj=game, scope=scope, before=before, after=after
        )


def _move_attendance(by, stand_in: Player, player: Player, scope: str) -> None:
    """The guest's nights become the player's (a night both came to is counted once)."""
    present = set(Attendance.objects.filter(player=player).values_list("session_id", flat=True))
    for attendance in Attendance.objects.filter(player=stand_in).select_for_update():
        before = {"session": attendance.session_id, "player": stand_in.pk}
        if attendance.session_id in present:
            audit_record(
                by=by, action="club_session.unattend", obj=attendance, scope=scope, before=before
            )
            attendance.delete()
            continue
        attendance.player = player
        attendance.save(update_fields=["player"])
        after = {"session": attendance.session_id, "player": player.pk}
        audit_record(
            by=by,
            action="club_session.attend",
            obj=attendance,
            scope=scope,
            before=before,
            after=after,
        )


def _remove_stand_in(by, stand_in: Player, player: Player, scope: str) -> None:
    """The guest's own player record goes (with the guest entry and any rating rows of it);
    refused when something outside the club (an event entry, a scoresheet) still names it."""
    audit_record(
        by=by,
        action="player.merge",
        obj=stand_in,
        scope=scope,
        before=snapshot(stand_in, ["name", "sort_name"]),
        after={"merged_into": player.pk, "name": player.name},
    )
    try:
        with transaction.atomic():
            stand_in.delete()
    except ProtectedError:
        raise ClubRefused(GUEST_ELSEWHERE, guest=stand_in.name) from None
