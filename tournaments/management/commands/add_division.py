"""python manage.py add_division SLUG NAME --rounds N [--plan "..."] [--bye-spread N]
[--forfeit-spread N] [--max-repeats N] [--prize-places N]"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand
from tournaments.services.divisions import division_create

from ._lookup import tournament_from
from ._options import add_event

# Options passed to the service only when given, so the division's defaults apply otherwise.
OPTIONAL_SETTINGS = ("bye_spread", "forfeit_spread", "max_repeats", "prize_places")


class Command(BaseCommand):
    help = _("Add a division to a tournament (the pairing plan is checked as on the page).")

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument("name")
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument(
            "--plan", default="", help=_("Pairing plan; empty means Swiss throughout.")
        )
        parser.add_argument("--bye-spread", type=int)
        parser.add_argument("--forfeit-spread", type=int)
        parser.add_argument("--max-repeats", type=int)
        parser.add_argument("--prize-places", type=int)

    def handle(self, *args, slug, name, rounds, plan, **options):
        tournament = tournament_from(slug)
        if rounds < 1:
            # Said here in words; the model's own check would only name its constraint.
            raise CommandError(_("A division needs at least one round (--rounds)."))
        settings = {key: options[key] for key in OPTIONAL_SETTINGS if options[key] is not None}
        division = division_create(
            by=None,
            tournament=tournament,
            name=name,
            rounds=rounds,
            pairing_plan=plan,
            **settings,
        )
        self.stdout.write(
            _("Added division %(name)s to %(tournament)s: %(rounds)d rounds.")
            % {"name": division.name, "tournament": tournament.name, "rounds": division.rounds}
        )
