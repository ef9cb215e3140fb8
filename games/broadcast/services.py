"""Writes for broadcasts: an event's delay, a division's top tables, a game marked or not.

Each is audited with its event, so the event's version is renewed and every broadcast page and
feed of the event is worked out again at once.
"""

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record
from core.refusal import Refusal
from games.engine.broadcast import checked_delay, checked_top_tables
from games.models import Game
from tournaments.models import Division, Tournament

from .models import BroadcastMark, DivisionBroadcast, EventBroadcast

NOT_AT_A_TABLE = gettext_noop("Only a game at a table of an event can be broadcast.")


class BroadcastMarkRefused(Refusal):
    """A game that cannot be marked for broadcast."""


def broadcast_delay_set(*, by, tournament: Tournament, minutes: int) -> EventBroadcast:
    """Set the event's broadcast delay (0 to 60 minutes); refused outside, nothing changed."""
    minutes = checked_delay(minutes)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        setting, _ = EventBroadcast.objects.get_or_create(tournament=tournament)
        _setting_set(by, setting, "delay_minutes", minutes, "broadcast.delay", tournament.pk)
    return setting


def broadcast_top_tables_set(*, by, division: Division, tables: int) -> DivisionBroadcast:
    """Broadcast the division's top ``tables`` tables every round (0 to 50; 0: none)."""
    tables = checked_top_tables(tables)
    with transaction.atomic():
        Division.objects.select_for_update().filter(pk=division.pk).first()
        setting, _ = DivisionBroadcast.objects.get_or_create(division=division)
        _setting_set(
            by, setting, "top_tables", tables, "broadcast.top_tables", division.tournament_id
        )
    return setting


def _setting_set(by, setting, field: str, value: int, action: str, tournament_id: int) -> None:
    """Write one field of a broadcast setting (its owner's row locked) and audit the change."""
    before = {field: getattr(setting, field)}
    setattr(setting, field, value)
    setting.save(update_fields=[field])
    audit_record(
        by=by,
        action=action,
        obj=setting,
        tournament_id=tournament_id,
        before=before,
        after={field: value},
    )


def broadcast_mark(*, by, game: Game, on: bool) -> Game:
    """Mark a game at a table of an event for broadcast (``on``), or take the mark away."""
    if game.pairing_id is None:
        raise BroadcastMarkRefused(NOT_AT_A_TABLE)
    tournament_id = game.pairing.round.division.tournament_id
    with transaction.atomic():
        Game.objects.select_for_update().filter(pk=game.pk).first()
        found = BroadcastMark.objects.filter(game=game).first()
        if on and found is None:
            marked_by = by if getattr(by, "is_authenticated", False) else None
            found = BroadcastMark.objects.create(game=game, marked_by=marked_by)
        audit_record(
            by=by,
            action="broadcast.mark" if on else "broadcast.unmark",
            obj=found or game,
            tournament_id=tournament_id,
            after={"game": game.pk, "broadcast": on},
        )
        if not on and found is not None:
            found.delete()
    return game
