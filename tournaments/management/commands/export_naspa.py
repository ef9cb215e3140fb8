"""python manage.py export_naspa SLUG [--output FILE] [--rating-system NAME] [--event-id ID]"""

from dataclasses import replace

from django.utils.translation import gettext as _

from core.cli import BaseCommand, add_output
from tournaments.exports import naspa_text
from tournaments.selectors.exports import event_export

from ._lookup import tournament_from
from ._options import add_event


class Command(BaseCommand):
    help = _("Write an event's results as a NASPA rating submission (TSH archive form, UTF-8).")

    def add_arguments(self, parser):
        add_event(parser)
        add_output(parser)
        parser.add_argument(
            "--rating-system",
            default="nsa2008",
            help=_("Rating system written in the file (default: nsa2008)."),
        )
        parser.add_argument(
            "--event-id",
            default="",
            help=_("The rating body's id of the event, written as a comment."),
        )

    def handle(self, *args, slug, output, rating_system, event_id, **options):
        event = event_export(tournament_from(slug))
        event = replace(event, rating_system=rating_system[:40], event_id=event_id[:40])
        text = naspa_text(event)
        self.write_file_or_print(text, output)
