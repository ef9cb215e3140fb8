"""python manage.py undo SLUG ENTRY_ID [--user USERNAME]: undo one result change (see `audit`)."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import ROW_ID, BaseCommand
from core.models import AuditEntry
from core.permissions import RESULTS
from tournaments.result_text import describe_result
from tournaments.services.results import audit_undo

from ._acting import acting_user
from ._lookup import tournament_from
from ._options import add_event, add_user


class Command(BaseCommand):
    help = _("Undo one result change by its audit entry id (as listed by `audit`).")

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
        outcome = audit_undo(by=by, entry_id=found.pk)
        self.stdout.write(
            _("Undid %(id)d; the game's result is now: %(result)s (audit entry %(new)d).")
            % {
                "id": found.pk,
                "result": describe_result(outcome.after, outcome.pairing),
                "new": outcome.audit_entry.pk,
            }
        )
