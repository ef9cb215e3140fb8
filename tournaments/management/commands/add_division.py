"""python manage.py add_division SLUG NAME --rounds N [--plan "..."] [--bye-spread N]
[--forfeit-spread N] [--max-repeats N] [--prize-places N]"""

from django.utils.translation import gettext as _

from core.cli import BaseCommand, field_argument
from tournaments.forms.events import DivisionForm
from tournaments.services.divisions import division_create

from ._lookup import tournament_from
from ._options import add_event

# Options passed to the service only when given, so the division's defaults apply otherwise.
OPTIONAL_SETTINGS = ("bye_spread", "forfeit_spread", "max_repeats", "prize_places")


def _page_field(name: str):
    """The division page's field ``name`` as an argparse type: the command takes what it takes."""
    return field_argument(DivisionForm.base_fields[name])


class Command(BaseCommand):
    help = _("Add a division to a tournament (the pairing plan is checked as on the page).")

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument("name")
        parser.add_argument("--rounds", type=_page_field("rounds"), required=True)
        parser.add_argument(
            "--plan", default="", help=_("Pairing plan; empty means Swiss throughout.")
        )
        for key in OPTIONAL_SETTINGS:
            parser.add_argument(f"--{key.replace('_', '-')}", type=_page_field(key))

    def handle(self, *args, slug, name, rounds, plan, **options):
        tournament = tournament_from(slug)
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
