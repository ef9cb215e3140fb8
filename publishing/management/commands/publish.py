"""python manage.py publish SLUG --to TARGET: one round of the event's public files."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand
from tournaments.management.commands._lookup import tournament_from
from tournaments.management.commands._options import add_event

from ...services import TargetUnreachable, event_publish


class Command(BaseCommand):
    help = _(
        "Publish an event's public pages, feeds and PDFs as static files to a folder, "
        "user@host:/path (rsync over ssh) or s3://bucket/prefix."
    )

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument(
            "--to", required=True, help=_("A folder, user@host:/path or s3://bucket/prefix.")
        )

    def handle(self, *args, slug, to, **options):
        event = tournament_from(slug)
        try:
            report = event_publish(event, to)
        except TargetUnreachable as err:
            raise CommandError(
                _("The target cannot be reached now: %(reason)s") % {"reason": err}
            ) from err
        self.stdout.write(
            _(
                "Published %(files)d files to %(target)s in %(seconds).1f s: %(sent)d sent, "
                "%(deleted)d deleted, %(unchanged)d unchanged."
            )
            % {
                "files": report.files,
                "target": report.target,
                "seconds": report.seconds,
                "sent": report.sent,
                "deleted": report.deleted,
                "unchanged": report.unchanged,
            }
        )
