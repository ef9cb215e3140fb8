"""python manage.py export_tsh SLUG --division A [--output FILE]"""

from django.utils.translation import gettext as _

from core.cli import BaseCommand, add_output
from tournaments.selectors.tsh import division_as_tsh
from tournaments.tsh import write_t

from ._lookup import division_from, tournament_from
from ._options import add_division, add_event


class Command(BaseCommand):
    help = _("Write a division as a TSH .t file (UTF-8).")

    def add_arguments(self, parser):
        add_event(parser)
        add_division(parser)
        add_output(parser)

    def handle(self, *args, slug, division_name, output, **options):
        division = division_from(tournament_from(slug), division_name)
        text = write_t(division_as_tsh(division))
        self.write_file_or_print(text, output)
