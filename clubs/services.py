"""Writes for clubs: the club itself, its members, club nights, attendance and casual games."""

import datetime

from django.db import transaction
from django.db.models import ProtectedError, Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.text import slugify
from django.utils.translation import gettext_noop

from core.audit import audit_created, audit_record, audited_update, snapshot
from core.models import AuditEntry
from core.refusal import Refusal
from players.bulk import NEW, SKIP, check_member_ids, new_player
from players.models import Player, default_sort_name
from players.services import PLAYER_FIELDS

from .models import Attendance, CasualGame, Club, ClubGuest, ClubSession, Membership
from .signals import rated_session_changed

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

SAME_PLAYER = gettext_noop("A game needs two different players.")
NEGATIVE_SCORE = gettext_noop("Scores cannot be negative.")


class ClubRefused(Refusal):
    """A change to a club, its members or its nights refused with a reason."""


def club_create(*, by, name: str, city: str = "", country: str = "", contact: str = "") -> Club:
    base = slugify(name, allow_unicode=True) or "club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    with transaction.atomic():
        club = Club(
            name=name.strip(), slug=slug, city=city, country=country.upper(), contact=contact
        )
        club.full_clean()
        club.save()
        audit_record(by=by, action="club.create", obj=club, after=snapshot(club, CLUB_FIELDS))
    return club


def club_update(*, by, club: Club, **changes) -> Club:
    """Change the club's details or its choices (members-only pages, ladder, guests)."""
    return audited_update(
        by=by, instance=club, fields=CLUB_FIELDS, changes=changes, action="club.update"
    )


def membership_add(
    *, by, club: Club, player: Player, since=None, until=None, role: str = Membership.Role.MEMBER
) -> Membership:
    with transaction.atomic():
        membership = Membership(club=club, player=player, since=since, until=until, role=role)
        membership.full_clean()
        membership.save()
        audit_record(
            by=by,
            action="membership.add",
            obj=membership,
            scope=f"club:{club.pk}",
            after=snapshot(membership),
        )
    return membership


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
    with transaction.atomic():
        session = ClubSession(club=club, date=date, note=note.strip())
        session.full_clean()
        session.save()
        audit_record(
            by=by,
            action="club_session.create",
            obj=session,
            scope=f"club:{club.pk}",
            after=snapshot(session, ["club", "date", "note"]),
        )
    return session


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
        game.full_clean()
        game.save()
        for player in (player_a, player_b):
            attendance_mark(by=by, session=session, player=player)
        audit_record(
            by=by,
            action="casual_game.add",
            obj=game,
            scope=f"club:{session.club_id}",
            after=snapshot(game, GAME_FIELDS),
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


def casual_game_update(
    *,
    by,
    game: CasualGame,
    player_a: Player,
    player_b: Player,
    score_a: int,
    score_b: int,
    rated: bool,
) -> CasualGame:
    """Correct a game of a club night (its players, scores or whether it is rated); a rated
    night is re-rated from there on, so the players' histories show the corrected values."""
    if player_a.pk == player_b.pk:
        raise ClubRefused(SAME_PLAYER)
    if score_a < 0 or score_b < 0:
        raise ClubRefused(NEGATIVE_SCORE)
    with transaction.atomic():
        game = (
            CasualGame.objects.select_for_update().select_related("session__club").get(pk=game.pk)
        )
        club = game.session.club
        if rated and not club.guests_rated and _has_guest(club, player_a, player_b):
            rated = False
        before = snapshot(game, GAME_FIELDS)
        was_rated = game.rated
        game.player_a, game.player_b = player_a, player_b
        game.score_a, game.score_b, game.rated = score_a, score_b, rated
        game.full_clean()
        game.save()
        for player in (player_a, player_b):
            attendance_mark(by=by, session=game.session, player=player)
        audit_record(
            by=by,
            action="casual_game.correct",
            obj=game,
            scope=f"club:{club.pk}",
            before=before,
            after=snapshot(game, GAME_FIELDS),
        )
        if rated or was_rated:
            rated_session_changed.send(sender=CasualGame, session=game.session, by=by)
    return game


DELETE_FIELDS = ["session", *GAME_FIELDS, "entered_at"]


def casual_game_delete(*, by, game: CasualGame) -> None:
    """Remove a game entered by mistake (twice, or never played); a rated night is re-rated."""
    with transaction.atomic():
        game = CasualGame.objects.select_for_update().select_related("session").get(pk=game.pk)
        session, was_rated = game.session, game.rated
        audit_record(
            by=by,
            action="casual_game.delete",
            obj=game,
            scope=f"club:{session.club_id}",
            before=snapshot(game, DELETE_FIELDS) | {"name": str(game)},
        )
        game.delete()
        if was_rated:
            rated_session_changed.send(sender=CasualGame, session=session, by=by)


NOT_UNDOABLE = gettext_noop("This change cannot be undone here.")
ALREADY_UNDONE = gettext_noop("This change has already been undone.")
CHANGED_SINCE = gettext_noop("The game has changed since; undo the later change first.")
GONE = gettext_noop("The game is no longer there.")
UNDOABLE_GAME_ACTIONS = ("casual_game.add", "casual_game.correct", "casual_game.delete")


def casual_game_undo(*, by, club: Club, entry_id: int) -> None:
    """Undo one audited change of a club game: an added game is removed, a correction is put
    back, a deleted game comes back as it was (same place in the night). Audited as an undo."""
    with transaction.atomic():
        entry = (
            AuditEntry.objects.select_for_update()
            .filter(pk=entry_id, scope=f"club:{club.pk}", action__in=UNDOABLE_GAME_ACTIONS)
            .first()
        )
        if entry is None:
            raise ClubRefused(NOT_UNDOABLE)
        if AuditEntry.objects.filter(undoes=entry).exists():
            raise ClubRefused(ALREADY_UNDONE)
        current = CasualGame.objects.select_for_update().filter(pk=entry.object_id).first()
        if entry.action == "casual_game.delete":
            data = entry.before
            session = ClubSession.objects.get(pk=data["session"], club=club)
            game = CasualGame(
                pk=int(entry.object_id),
                session=session,
                player_a_id=data["player_a"],
                player_b_id=data["player_b"],
                score_a=data["score_a"],
                score_b=data["score_b"],
                rated=data["rated"],
                entered_at=parse_datetime(data["entered_at"]),
            )
            game.full_clean(validate_unique=False)
            game.save(force_insert=True)
            after, before = snapshot(game, GAME_FIELDS) | {"name": str(game)}, None
        else:
            if current is None:
                raise ClubRefused(GONE)
            if snapshot(current, GAME_FIELDS) != {k: entry.after.get(k) for k in GAME_FIELDS}:
                raise ClubRefused(CHANGED_SINCE)
            game, session = current, current.session
            before = snapshot(current, DELETE_FIELDS) | {"name": str(current)}
            if entry.action == "casual_game.add":
                current.delete()
                after = None
            else:
                for name in ("score_a", "score_b", "rated"):
                    setattr(current, name, entry.before[name])
                current.player_a_id = entry.before["player_a"]
                current.player_b_id = entry.before["player_b"]
                current.full_clean()
                current.save()
                after = snapshot(current, GAME_FIELDS) | {"name": str(current)}
        audit_record(
            by=by,
            action="casual_game.undo",
            obj=game,
            scope=f"club:{club.pk}",
            before=before,
            after=after,
            undoes=entry,
        )
        rated_session_changed.send(sender=CasualGame, session=session, by=by)


def club_guest_add(*, by, club: Club, name: str, session: ClubSession | None = None) -> ClubGuest:
    """A visitor plays without becoming a member: a player record of their own, listed as the
    club's guest (and marked present at ``session`` when given)."""
    name = " ".join(name.split())
    if not name:
        raise ClubRefused(GUEST_NAME)
    with transaction.atomic():
        player = Player(name=name, sort_name=default_sort_name(name))
        player.full_clean()
        player.save()
        audit_record(by=by, action="player.create", obj=player, after=snapshot(player, ["name"]))
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


GUEST_NAME = gettext_noop("A guest needs a name.")
GUEST_PLAYED_PLAYER = gettext_noop(
    "%(guest)s played %(player)s at a club night: they cannot be the same person."
)
GUEST_ELSEWHERE = gettext_noop(
    "%(guest)s is also named outside this club (an event or a scoresheet): match them there."
)


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
        stand_in, club = guest.player, guest.club
        games = CasualGame.objects.filter(Q(player_a=stand_in) | Q(player_b=stand_in))
        clash = games.filter(Q(player_a=player) | Q(player_b=player)).exists()
        if clash or player.pk == stand_in.pk:
            raise ClubRefused(GUEST_PLAYED_PLAYER, guest=stand_in.name, player=player.name)
        if ClubGuest.objects.filter(player=stand_in).exclude(pk=guest.pk).exists() or (
            Membership.objects.filter(player=stand_in).exists()
        ):
            raise ClubRefused(GUEST_ELSEWHERE, guest=stand_in.name)
        sessions = list(ClubSession.objects.filter(games__in=games).distinct())
        scope = f"club:{club.pk}"
        for game in games.select_for_update():
            before = snapshot(game, GAME_FIELDS)
            if game.player_a_id == stand_in.pk:
                game.player_a = player
            else:
                game.player_b = player
            game.save(update_fields=["player_a", "player_b"])
            after = snapshot(game, GAME_FIELDS)
            audit_record(
                by=by,
                action="casual_game.correct",
                obj=game,
                scope=scope,
                before=before,
                after=after,
            )
        present = set(Attendance.objects.filter(player=player).values_list("session_id", flat=True))
        for attendance in Attendance.objects.filter(player=stand_in).select_for_update():
            before = {"session": attendance.session_id, "player": stand_in.pk}
            if attendance.session_id in present:
                audit_record(
                    by=by,
                    action="club_session.unattend",
                    obj=attendance,
                    scope=scope,
                    before=before,
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
        audit_record(
            by=by,
            action="club_guest.match",
            obj=guest,
            scope=scope,
            before={"guest": stand_in.pk, "name": stand_in.name},
            after={"player": player.pk, "name": player.name},
        )
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
                stand_in.delete()  # the guest entry and any rating rows of the guest go with it
        except ProtectedError:
            raise ClubRefused(GUEST_ELSEWHERE, guest=stand_in.name) from None
        for session in sessions:
            rated_session_changed.send(sender=CasualGame, session=session, by=by)
    return player


def membership_set_status(*, by, membership: Membership, status: str, on=None) -> Membership:
    """Mark a member active or lapsed (from ``on``, today by default)."""
    return membership_update(
        by=by,
        membership=membership,
        status=status,
        status_since=on or timezone.localdate(),
    )


NOBODY_ADDED = gettext_noop("Every row is skipped: nobody was added.")
UNKNOWN_PLAYER = gettext_noop("Line %(line)s: the player chosen is no longer here.")
MEMBER_TWICE = gettext_noop("Line %(line)s: %(player)s is already a member of this club.")


def club_member_ids(club: Club) -> set[int]:
    """The players who are members now (the ones an "Add many" offers only to skip)."""
    return set(Membership.objects.current().filter(club=club).values_list("player_id", flat=True))


def memberships_import(*, by, club: Club, rows, since=None) -> list[Membership]:
    """Add every row whose choice is not ``SKIP`` as a member: ``NEW`` creates the player, a
    player's id (as text) adds that player. All rows or none; every new player and membership is
    audited. The review of the rows (``players.bulk``) is the one registration uses."""
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)
        chosen = [(row, choice) for row, choice in rows if choice != SKIP]
        if not chosen:
            raise ClubRefused(NOBODY_ADDED)
        members = club_member_ids(club)
        ids = {int(choice) for _row, choice in chosen if choice != NEW}
        found = Player.objects.in_bulk(ids)
        seen: set[int] = set()
        for row, choice in chosen:
            if choice == NEW:
                continue
            player = found.get(int(choice))
            if player is None:
                raise ClubRefused(UNKNOWN_PLAYER, line=row.line)
            if player.pk in members or player.pk in seen:
                raise ClubRefused(MEMBER_TWICE, line=row.line, player=player.name)
            seen.add(player.pk)
        new_rows = [row for row, choice in chosen if choice == NEW]
        check_member_ids(new_rows, ClubRefused)
        created = Player.objects.bulk_create(new_player(row) for row in new_rows)
        audit_created(by=by, action="player.create", objs=created, fields=PLAYER_FIELDS)
        made = iter(created)
        since = since or timezone.localdate()
        memberships = Membership.objects.bulk_create(
            Membership(
                club=club,
                player=next(made) if choice == NEW else found[int(choice)],
                since=since,
                status_since=since,
            )
            for _row, choice in chosen
        )
        AuditEntry.objects.bulk_create(
            AuditEntry(
                actor=by if getattr(by, "is_authenticated", False) else None,
                action="membership.add",
                object_type="clubs.membership",
                object_id=str(m.pk),
                scope=f"club:{club.pk}",
                after=snapshot(m),
            )
            for m in memberships
        )
    return memberships
