"""`manage.py add_player NAME [--country] [--member-id] [--rating] [--confirm-duplicate]`"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand
from core.forms import error_lines
from core.messages import translated
from players.forms import PlayerFieldsForm
from players.services import DuplicatePlayer, player_create


class Command(BaseCommand):
    help = _("Add a player (refused when one like it exists, unless confirmed).")

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--country", default="", help=_("ISO code, e.g. GB."))
        parser.add_argument("--member-id", default="", help=_("Id with the rating authority."))
        parser.add_argument("--rating", default="", help=_("A whole number from 0 to 3500."))
        parser.add_argument(
            "--confirm-duplicate",
            action="store_true",
            help=_("Add the player even if one with the same name and country exists."),
        )

    def handle(self, *args, name, country, member_id, rating, confirm_duplicate, **options):
        # The player form's rules, so a player added here could have been typed on the page.
        form = PlayerFieldsForm(
            {"name": name, "country": country, "member_id": member_id, "rating": rating}
        )
        if not form.is_valid():
            raise CommandError("\n".join(error_lines(form, labels=False)))
        try:
            player = player_create(
                by=None, confirm_duplicate=confirm_duplicate, **form.cleaned_data
            )
        except DuplicatePlayer as err:
            raise CommandError(
                "\n".join([translated(err), _("Pass --confirm-duplicate to add them anyway.")])
            ) from err
        self.stdout.write(
            _("Added %(name)s (player id %(id)d).") % {"name": player.name, "id": player.pk}
        )
