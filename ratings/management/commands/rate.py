"""`manage.py rate SLUG --list NAME`: finalize a finished tournament and rate it into a list."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand
from ratings.models import RatingList
from ratings.services import tournament_rate
from tournaments.management.commands._lookup import tournament_from
from tournaments.management.commands._options import add_event


def find_rating_list(name: str) -> RatingList:
    """A list by slug or by exact name (case-insensitive)."""
    found = RatingList.objects.filter(slug=name).first()
    found = found or RatingList.objects.filter(name__iexact=name).first()
    if found is None:
        raise CommandError(_("No rating list called %(name)s.") % {"name": name})
    return found


class Command(BaseCommand):
    help = _("Finalize a finished tournament and rate its games into a rating list.")

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument("--list", required=True, dest="rating_list", help=_("The list."))

    def handle(self, *args, slug: str, rating_list: str, **options):
        tournament = tournament_from(slug)
        target = find_rating_list(rating_list)
        events = tournament_rate(by=None, tournament=tournament, rating_list=target)
        players = sum(event.changes.count() for event in events)
        self.stdout.write(
            _("Rated %(event)s into %(list)s: %(players)d players in %(divisions)d divisions.")
            % {
                "event": tournament.name,
                "list": target.name,
                "players": players,
                "divisions": len(events),
            }
        )
