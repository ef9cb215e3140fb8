"""python manage.py undo SLUG ENTRY_ID [--user USERNAME]: undo one change (see `audit`), as the
audit log page's Undo does: a result change, or a change of an entry, a registration or a
division's settings or check-in (``change_undo.audited_undo``)."""

from django.core.exceptions import PermissionDenied
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.audit_text import describe_entries
from core.cli import ROW_ID, BaseCommand
from core.models import AuditEntry
from core.permissions import RESULTS
from tournaments.result_text import describe_result, game_line
from tournaments.services.change_undo import audited_undo

from ._acting import acting_user
from ._lookup import tournament_from
from ._options import add_event, add_user


class Command(BaseCommand):
    help = _("Undo one change by its audit entry id (as listed by `audit`).")

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument("entry", metavar="ENTRY_ID", type=ROW_ID)
        add_user(parser)

    def handle(self, *args, slug, entry, user, **options):
        tournament = tournament_from(slug)
        by = acting_user(user, tournament, RESULTS)
        found = AuditEntry.objects.filter(pk=entry, tournament_id=tournament.pk).first()
        if found is None:
            raise CommandError(
                _("%(tournament)s has no audit entry %(id)d.")
                % {"tournament": tournament.name, "id": entry}
            )
        try:
            undone = audited_undo(by=by, entry=found)
        except PermissionDenied:  # an assistant: results only, as on the page
            raise CommandError(
                _("%(user)s may not do this in %(target)s.") % {"user": user, "target": tournament}
            ) from None
        self.stdout.write(undone_text(found, undone))


def undone_text(found: AuditEntry, undone) -> str:
    """What an undo did: the game (``game_line``) and its result now, or the undo's own sentence
    in the audit log."""
    if undone.result is not None:  # the game named first, as the console names a typed line's
        outcome = undone.result
        now = _("Undid %(id)d; the game's result is now: %(result)s (audit entry %(new)d).") % {
            "id": found.pk,
            "result": describe_result(outcome.after, outcome.pairing),
            "new": outcome.audit_entry.pk,
        }
        return f"{game_line(outcome.pairing)}\n{now}"
    return _("Undid %(id)d: %(change)s (audit entry %(new)d).") % {
        "id": found.pk,
        "change": describe_entries([undone.audit_entry])[0].text,
        "new": undone.audit_entry.pk,
    }
