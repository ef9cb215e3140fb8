"""python manage.py backup [--output DIR]"""

from pathlib import Path

from django.utils.translation import gettext as _

from core.backup import backup_database
from core.cli import BaseCommand


class Command(BaseCommand):
    help = _(
        "Write a consistent snapshot of the whole database to a dated file: a copy of the SQLite "
        "file, or a pg_dump (custom format) of PostgreSQL."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output", default=".", help=_("Folder to write into (default: the current one).")
        )

    def handle(self, *args, output, **options):
        path = backup_database(Path(output))
        self.stdout.write(_("Wrote %(file)s.") % {"file": path})
