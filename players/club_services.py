"""Writes for club life: club nights, attendance, casual games and club tournaments."""

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from .audit import audit_record, snapshot
from .models import Attendance, CasualGame, Club, ClubSession, Player
from .rating_services import rerate_after_session_change

GAME_FIELDS = ["player_a", "player_b", "score_a", "score_b", "rated"]


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
        raise ValidationError(_("A game needs two different players."))
    if score_a < 0 or score_b < 0:
        raise ValidationError(_("Scores cannot be negative."))
    with transaction.atomic():
        session = ClubSession.objects.select_for_update().get(pk=session.pk)
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
            Attendance.objects.get_or_create(session=session, player=player)
        audit_record(
            by=by,
            action="casual_game.add",
            obj=game,
            scope=f"club:{session.club_id}",
            after=snapshot(game, GAME_FIELDS),
        )
        if rated:
            rerate_after_session_change(session, by=by)
    return game


def casual_game_correct(*, by, game: CasualGame, score_a: int, score_b: int) -> CasualGame:
    """Correct a game's scores; a rated night is re-rated from there on."""
    if score_a < 0 or score_b < 0:
        raise ValidationError(_("Scores cannot be negative."))
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
            rerate_after_session_change(game.session, by=by)
    return game


def club_tournament_create(*, by, club: Club, name: str, start_date=None):
    """A small tournament run by the club: its officers direct it through `Tournament.club`."""
    from tournaments.services.events import tournament_create

    name = name.strip()
    if not name:
        raise ValidationError(_("A tournament needs a name."))
    return tournament_create(by=by, name=name, club=club, director=by, start_date=start_date)
