"""What the commands that make a new event (create_tournament, copy_event) take alike: its slug,
its days and its director."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import iso_date


def add_new_event_arguments(parser) -> None:
    parser.add_argument("--slug", default="", help=_("Default: made from the name."))
    parser.add_argument("--start", type=iso_date, help=_("First day (YYYY-MM-DD)."))
    parser.add_argument("--end", type=iso_date, help=_("Last day (YYYY-MM-DD)."))
    parser.add_argument("--director", help=_("Username of the director."))


def check_days(start, end) -> None:
    """Refuse a last day before the first, in words (the model's own check would only name its
    constraint)."""
    if start and end and end < start:
        raise CommandError(_("The last day (--end) cannot be before the first (--start)."))
