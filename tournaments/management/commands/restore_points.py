"""python manage.py restore_points list|take|download|restore SLUG ...

The event's restore points (services/restore_points.py): list them, take one now, write one's
archive to a file, restore one in place (``--in-place``) or as a new event (``--copy``).
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, add_output, field_argument, write_file
from core.forms import WholeNumberField
from tournaments.archive.shape import ArchiveRefused
from tournaments.models import RestorePoint
from tournaments.services import restore_points as services

from ._lookup import tournament_from
from ._options import add_event

POINT_ID = field_argument(WholeNumberField(min_value=1, max_value=2**31 - 1))


class Command(BaseCommand):
    help = _(
        "List, take, download or restore an event's restore points (the whole event, saved at "
        "every pairing and round end)."
    )

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        listing = actions.add_parser("list", help=_("The event's restore points, newest first."))
        add_event(listing)
        take = actions.add_parser("take", help=_("Take a restore point of the event now."))
        add_event(take)
        download = actions.add_parser("download", help=_("Write a point's archive to a file."))
        add_event(download)
        download.add_argument("point", type=POINT_ID)
        add_output(download, required=True)
        restore = actions.add_parser(
            "restore", help=_("Restore a point in place, or as a new event with --copy.")
        )
        add_event(restore)
        restore.add_argument("point", type=POINT_ID)
        how = restore.add_mutually_exclusive_group(required=True)
        how.add_argument(
            "--in-place",
            action="store_true",
            help=_("Replace the event with the point (a point of what it replaces is taken)."),
        )
        how.add_argument("--copy", action="store_true", help=_("Import the point as a new event."))
        restore.add_argument("--slug", dest="new_slug", help=_("Slug of the copy."))

    def handle(self, *args, action: str, slug: str, **options):
        tournament = tournament_from(slug)
        try:
            lines = getattr(self, f"do_{action}")(tournament, **options)
        except ArchiveRefused as err:
            raise CommandError("\n".join([_("Nothing was restored:"), *err.problems])) from err
        for line in lines:
            self.stdout.write(line)

    def do_list(self, tournament, **options) -> list[str]:
        points = RestorePoint.objects.filter(tournament=tournament).select_related("taken_by")
        return [point_line(point) for point in points] or [_("No restore point yet.")]

    def do_take(self, tournament, **options) -> list[str]:
        point = services.restore_point_take(by=None, tournament=tournament)
        return [_("Restore point #%(point)s taken.") % {"point": point.pk}]

    def do_download(self, tournament, *, point: int, output: str, **options) -> list[str]:
        data = services.restore_point_data(services.event_point(tournament, point))
        return [write_file(output, data)]

    def do_restore(self, tournament, *, point: int, in_place: bool, new_slug, **options):
        if in_place:
            if new_slug:
                raise CommandError(_("--slug names a copy; it does not go with --in-place."))
            outcome, before = services.restore_point_in_place(
                by=None, tournament=tournament, point_id=point
            )
            return [
                _(
                    "Restored “%(slug)s” as it was at restore point #%(point)s; restore point "
                    "#%(before)s undoes it."
                )
                % {"slug": tournament.slug, "point": point, "before": before.pk},
                *outcome.notes,
            ]
        outcome = services.restore_point_copy(
            by=None, tournament=tournament, point_id=point, slug=new_slug
        )
        return [
            _("Restored restore point #%(point)s as the new event “%(slug)s”.")
            % {"point": point, "slug": outcome.tournament.slug},
            *outcome.notes,
        ]


def point_line(point: RestorePoint) -> str:
    """``#12  2026-11-26T10:05:00+00:00  Round paired: division A, round 3  director  41 KB``"""
    by = point.taken_by.username if point.taken_by else "-"
    return (
        f"#{point.pk}  {point.taken_at.isoformat(timespec='seconds')}  {point.what}  "
        f"{by}  {max(1, round(point.size / 1024))} KB"
    )
