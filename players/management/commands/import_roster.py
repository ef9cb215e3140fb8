"""`manage.py import_roster FILE.csv [--confirm-duplicates] [--dry-run]`: all players or none."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, read_bytes
from players.forms import MAX_ROSTER_BYTES
from players.roster import decode_upload, parse_roster
from players.services import roster_import


def _known(players) -> str:
    return ", ".join(
        f"{p.name} (id {p.pk}{', ' + p.country if p.country else ''}"
        f"{', ' + p.member_id if p.member_id else ''})"
        for p in players
    )


class Command(BaseCommand):
    help = _(
        "Import a CSV roster (columns name, country, member_id, rating): every row is checked "
        "and all players are added, or none."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The CSV file (UTF-8 or Latin-1)."))
        parser.add_argument(
            "--confirm-duplicates",
            action="store_true",
            help=_("Add rows that look like existing players anyway."),
        )
        parser.add_argument(
            "--dry-run", action="store_true", help=_("Check the file and save nothing.")
        )

    def handle(self, *args, file, confirm_duplicates, dry_run, **options):
        data = read_bytes(file)
        if len(data) > MAX_ROSTER_BYTES:
            raise CommandError(
                _("The file is too large (over %(mb)d MB).") % {"mb": MAX_ROSTER_BYTES // 2**20}
            )
        roster = parse_roster(decode_upload(data))
        outcome = roster_import(
            by=None, roster=roster, confirm_duplicates=confirm_duplicates, dry_run=dry_run
        )
        if outcome.problems:
            raise CommandError("\n".join([_("Nothing was imported."), *outcome.problems]))
        for row, matches in outcome.duplicates:
            self.stdout.write(
                _("Line %(line)d: %(name)s looks like %(known)s.")
                % {"line": row.line, "name": row.name, "known": _known(matches)}
            )
        for row, earlier in outcome.repeats:
            self.stdout.write(
                _("Line %(line)d: %(name)s is also on line %(earlier)d.")
                % {"line": row.line, "name": row.name, "earlier": earlier.line}
            )
        if outcome.needs_confirmation and not confirm_duplicates:
            raise CommandError(
                _("Nothing was imported: pass --confirm-duplicates to add these players anyway.")
            )
        if dry_run:
            self.stdout.write(
                _("%(n)d players would be imported (dry run: nothing was saved).")
                % {"n": len(roster.rows)}
            )
            return
        self.stdout.write(_("%(n)d players imported.") % {"n": len(outcome.created)})
