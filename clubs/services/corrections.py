"""Correcting a club night: edit or delete a casual game, and undo either (or an added game)
from the club's audit log. A rated night is re-rated after each (``rated_session_changed``)."""

from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_noop

from core.audit import audit_record, refuse_if_undone, snapshot
from core.models import AuditEntry
from players.models import Player

from ..models import CasualGame, Club, ClubSession
from ..signals import rated_session_changed
from .nights import (
    GAME_FIELDS,
    NEGATIVE_SCORE,
    SAME_PLAYER,
    ClubRefused,
    _has_guest,
    attendance_mark,
)

DELETE_FIELDS = ["session", *GAME_FIELDS, "entered_at"]
NOT_UNDOABLE = gettext_noop("This change cannot be undone here.")
CHANGED_SINCE = gettext_noop("The game has changed since; undo the later change first.")
GONE = gettext_noop("The game is no longer there.")
PLAYER_GONE = gettext_noop(
    "The game cannot be put back: a player it had is no longer on file (a guest matched to a "
    "member since)."
)
UNDOABLE_GAME_ACTIONS = ("casual_game.add", "casual_game.correct", "casual_game.delete")


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
        before, was_rated = snapshot(game, GAME_FIELDS), game.rated
        game.player_a, game.player_b = player_a, player_b
        game.score_a, game.score_b, game.rated = score_a, score_b, rated
        game.full_clean()
        game.save()
        for player in (player_a, player_b):
            attendance_mark(by=by, session=game.session, player=player)
        after = snapshot(game, GAME_FIELDS)
        scope = f"club:{club.pk}"
        audit_record(
            by=by, action="casual_game.correct", obj=game, scope=scope, before=before, after=after
        )
        if rated or was_rated:
            rated_session_changed.send(sender=CasualGame, session=game.session, by=by)
    return game


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
        refuse_if_undone(entry, ClubRefused)
        if entry.action == "casual_game.delete":
            game, before = _restore(club, entry), None
            after = snapshot(game, GAME_FIELDS) | {"name": str(game)}
        else:
            game, before, after = _revert(entry)
        audit_record(
            by=by,
            action="casual_game.undo",
            obj=game,
            scope=f"club:{club.pk}",
            before=before,
            after=after,
            undoes=entry,
        )
        session = ClubSession.objects.get(pk=game.session_id)
        rated_session_changed.send(sender=CasualGame, session=session, by=by)


def _restore(club: Club, entry: AuditEntry) -> CasualGame:
    """A deleted game back with its id, players, scores and time of entry."""
    data = entry.before
    _refuse_unless_players_exist(data)
    session = ClubSession.objects.get(pk=data["session"], club=club)
    game = CasualGame(
        pk=int(entry.object_id),
        session=session,
        entered_at=parse_datetime(data["entered_at"]),
        **_game_values(data),
    )
    game.full_clean(validate_unique=False)
    game.save(force_insert=True)
    return game


def _game_values(data: dict) -> dict:
    """A game's ``GAME_FIELDS`` from an audit snapshot, under the model's attribute names (a
    snapshot holds a player by id)."""
    return {CasualGame._meta.get_field(name).attname: data[name] for name in GAME_FIELDS}


def _refuse_unless_players_exist(data: dict) -> None:
    """A game put back names players by id: a guest's own record is gone once the guest was
    matched to a member (``guests.club_guest_match``), and the game cannot point at it."""
    wanted = {data["player_a"], data["player_b"]}
    if Player.objects.filter(pk__in=wanted).count() != len(wanted):
        raise ClubRefused(PLAYER_GONE)


def _revert(entry: AuditEntry) -> tuple[CasualGame, dict, dict | None]:
    """An added game removed, or a corrected one put back; refused once the game has changed
    since. Returns the game and the before/after of the undo."""
    current = CasualGame.objects.select_for_update().filter(pk=entry.object_id).first()
    if current is None:
        raise ClubRefused(GONE)
    if snapshot(current, GAME_FIELDS) != {k: entry.after.get(k) for k in GAME_FIELDS}:
        raise ClubRefused(CHANGED_SINCE)
    before = snapshot(current, DELETE_FIELDS) | {"name": str(current)}
    if entry.action == "casual_game.add":
        session_id = current.session_id
        current.delete()
        current.pk, current.session_id = int(entry.object_id), session_id
        return current, before, None
    _refuse_unless_players_exist(entry.before)
    for name, value in _game_values(entry.before).items():
        setattr(current, name, value)
    current.full_clean()
    current.save()
    return current, before, snapshot(current, GAME_FIELDS) | {"name": str(current)}
