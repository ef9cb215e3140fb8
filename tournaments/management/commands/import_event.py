"""python manage.py import_event FILE [--slug NEW_SLUG] [--name NAME] [--public | --private]"""

import os

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, read_bytes
from tournaments.archive.check import too_large_message
from tournaments.archive.restore import EventImport, event_import
from tournaments.archive.shape import MAX_BYTES, ArchiveRefused


class Command(BaseCommand):
    help = _(
        "Import an event archive written by export_event as a new event; all of it or, when "
        "anything is wrong, nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help=_("Import under this slug instead of the archive's."))
        parser.add_argument(
            "--name",
            help=_("Import under this name instead of the archive's (and a slug made from it)."),
        )
        visibility = parser.add_mutually_exclusive_group()
        visibility.add_argument(
            "--public",
            dest="is_public",
            action="store_true",
            default=False,
            help=_("Make the imported event public at once."),
        )
        visibility.add_argument(
            "--private",
            dest="is_public",
            action="store_false",
            help=_("Keep the imported event private (the default)."),
        )

    def handle(self, *args, file, slug, name, is_public, **options):
        # Refused before reading, so a huge file is never loaded into memory.
        if os.path.isfile(file) and os.path.getsize(file) > MAX_BYTES:
            raise CommandError(too_large_message())
        try:
            outcome = event_import(
                by=None, data=read_bytes(file), slug=slug, name=name, is_public=is_public
            )
        except ArchiveRefused as err:
            lines = [_("Nothing was imported:"), *err.problems]
            raise CommandError("\n".join(lines)) from err
        for line in report_lines(outcome):
            self.stdout.write(line)


def report_lines(outcome: EventImport) -> list[str]:
    """What the import made and what it matched, added or left out."""
    tournament = outcome.tournament
    lines = [
        _("Imported “%(name)s” as %(slug)s.") % {"name": tournament.name, "slug": tournament.slug},
        _("It is public.") if tournament.is_public else _("It is private."),
        _("Players found here: %(count)d.") % {"count": len(outcome.players_matched)},
        _("Players added: %(count)d%(names)s.")
        % {
            "count": len(outcome.players_created),
            "names": (": " + ", ".join(outcome.players_created)) if outcome.players_created else "",
        },
    ]
    return lines + outcome.notes
