"""python manage.py backup [--output DIR]"""

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.backup import BackupError, backup_database
from core.cli import BaseCommand
from core.messages import translated


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
        try:
            path = backup_database(Path(output))
        except BackupError as err:
            raise CommandError(translated(err)) from err
        self.stdout.write(_("Wrote %(file)s.") % {"file": path})
