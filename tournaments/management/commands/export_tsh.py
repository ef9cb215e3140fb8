"""python manage.py export_tsh SLUG --division A [--output FILE]"""

from django.utils.translation import gettext as _

from core.cli import BaseCommand
from tournaments.selectors.tsh import division_as_tsh
from tournaments.tsh import write_t

from ._lookup import division_from, tournament_from


class Command(BaseCommand):
    help = _("Write a division as a TSH .t file (UTF-8).")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--division", dest="division_name")
        parser.add_argument("--output", help=_("File to write (default: standard output)."))

    def handle(self, *args, slug, division_name, output, **options):
        division = division_from(tournament_from(slug), division_name)
        text = write_t(division_as_tsh(division))
        self.write_file_or_print(text, output)
