"""The integrity desk's one write: a director dismisses a flag with a note (audited)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from core.audit import audit_record
from core.permissions import CHANGE, require_change
from core.refusal import Refusal, gettext_noop
from games.engine.integrity.flags import key_parts
from games.models import Game
from tournaments.models import Pairing, Tournament

from .models import NO_FLAG_SEEN, NOTE_MAX, FlagDismissal
from .selectors import event_flags

NOTE_NEEDED = gettext_noop("Say in a note why this flag needs nothing more.")
NOTE_TOO_LONG = gettext_noop("A note has at most %(most)d characters.")
NOT_A_FLAG = gettext_noop("That is not a flag of this event.")
ALREADY_DISMISSED = gettext_noop("That flag is already dismissed.")


class DismissRefused(Refusal):
    """A dismissal that cannot be recorded; nothing changed."""


def flag_dismiss(*, by, tournament: Tournament, key: str, note: str) -> FlagDismissal:
    """Record that ``by`` (a director of the event) looked at flag ``key`` and why it needs
    nothing more. The flag stays on the page, among the dismissed, with the note, while it
    states what it did (``Flag.facts``); once its facts change it is open again, and dismissing
    it again replaces the note."""
    require_change(by, tournament, CHANGE)
    note = (note or "").strip()
    parts = key_parts(key or "")
    if parts is None or not _of_event(tournament, parts.game, parts.pairing):
        raise DismissRefused(NOT_A_FLAG)
    if not note:
        raise DismissRefused(NOTE_NEEDED)
    if len(note) > NOTE_MAX:
        raise DismissRefused(NOTE_TOO_LONG, most=NOTE_MAX)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        flag = next((f for f in event_flags(tournament)[0] if f.key == key), None)
        seen = NO_FLAG_SEEN if flag is None else flag.facts
        dismissal = FlagDismissal.objects.filter(tournament=tournament, key=key).first()
        if dismissal is not None and (flag is None or dismissal.covers(flag)):
            raise DismissRefused(ALREADY_DISMISSED)
        before = None
        if dismissal is None:
            dismissal = FlagDismissal(tournament=tournament, key=key)
        else:  # a dismissal of the flag as it was: this one is of the flag as it is now
            before = {"note": dismissal.note, "seen": dismissal.seen}
            dismissal.dismissed_at = timezone.now()
        dismissal.note, dismissal.seen, dismissal.dismissed_by = note, seen, by
        dismissal.save()
        audit_record(
            by=by,
            action="integrity.flag_dismiss",
            obj=dismissal,
            tournament_id=tournament.pk,
            before=before,
            after={"key": key, "note": note, "seen": seen},
        )
    return dismissal


def _of_event(tournament: Tournament, game: int, pairing: int) -> bool:
    """Whether the game and pairing a key names (0: none) are the event's."""
    if (
        game
        and not Game.objects.filter(
            pk=game, pairing__round__division__tournament=tournament
        ).exists()
    ):
        return False
    if (
        pairing
        and not Pairing.objects.filter(pk=pairing, round__division__tournament=tournament).exists()
    ):
        return False
    return bool(game or pairing)
