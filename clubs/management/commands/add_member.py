"""`manage.py add_member CLUB_SLUG PLAYER_ID [--role member|officer] [--since YYYY-MM-DD]`"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from clubs.models import Club, Membership
from clubs.services import membership_add
from core.cli import ROW_ID, BaseCommand, iso_date
from players.management.commands._lookup import player_with_id


class Command(BaseCommand):
    help = _("Make a player a member (or an officer) of a club.")

    def add_arguments(self, parser):
        parser.add_argument("club", metavar="CLUB_SLUG")
        parser.add_argument("player", metavar="PLAYER_ID", type=ROW_ID)
        parser.add_argument("--role", choices=Membership.Role.values, default="member")
        parser.add_argument("--since", type=iso_date, help=_("First day (YYYY-MM-DD)."))

    def handle(self, *args, club, player, role, since, **options):
        found_club = Club.objects.filter(slug=club).first()
        if found_club is None:
            raise CommandError(_("No club has the slug “%(slug)s”.") % {"slug": club})
        found_player = player_with_id(player)
        membership_add(by=None, club=found_club, player=found_player, since=since, role=role)
        self.stdout.write(
            _("%(player)s joined %(club)s (%(role)s).")
            % {
                "player": found_player.name,
                "club": found_club.name,
                "role": Membership.Role(role).label,
            }
        )
