"""python manage.py export_tou SLUG [--output FILE]"""

from django.utils.translation import gettext as _

from core.cli import BaseCommand, add_output
from tournaments.exports import tou_text
from tournaments.exports.tou import guessed_latin_names
from tournaments.selectors.exports import event_export

from ._lookup import tournament_from
from ._options import add_event


class Command(BaseCommand):
    help = _("Write an event's results as a WESPA .tou file (ASCII, CRLF).")

    def add_arguments(self, parser):
        add_event(parser)
        add_output(parser)

    def handle(self, *args, slug, output, **options):
        event = event_export(tournament_from(slug))
        # A file the format cannot hold is refused (ExportRefused): BaseCommand says why.
        text = tou_text(event)
        guessed = guessed_latin_names(event)
        if guessed:
            self.stderr.write(
                _("Latin names guessed by transliteration (check them): %(names)s")
                % {"names": "; ".join(guessed)}
            )
        self.write_file_or_print(text, output, encoding="ascii")
