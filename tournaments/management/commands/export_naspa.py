"""python manage.py export_naspa SLUG [--output FILE]"""

from pathlib import Path

from django.utils.translation import gettext as _

from core.cli import BaseCommand
from tournaments.exports import naspa_text
from tournaments.selectors.exports import event_export

from ._lookup import tournament_from


class Command(BaseCommand):
    help = _("Write an event's results as a NASPA rating submission (TSH archive form, UTF-8).")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", help=_("File to write (default: standard output)."))

    def handle(self, *args, slug, output, **options):
        text = naspa_text(event_export(tournament_from(slug)))
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stdout.write(_("Wrote %(file)s.") % {"file": output})
        else:
            self.stdout.write(text, ending="")
