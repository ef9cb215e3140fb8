"""python manage.py export_event SLUG [--output FILE]"""

from django.utils.translation import gettext as _

from core.cli import BaseCommand, add_output, write_file
from tournaments.archive.export import archive_bytes

from ._lookup import tournament_from
from ._options import add_event


class Command(BaseCommand):
    help = _(
        "Write a whole event (settings, roles, players, divisions, rounds, results, scoresheets, "
        "prizes, score reports and audit log) as one JSON archive."
    )

    def add_arguments(self, parser):
        add_event(parser)
        add_output(parser)

    def handle(self, *args, slug, output, **options):
        data = archive_bytes(tournament_from(slug))
        if output:
            self.stdout.write(write_file(output, data))
        else:
            self.stdout.write(data.decode("utf-8"))
