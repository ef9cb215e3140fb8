"""python manage.py playoff SLUG DIVISION --top 4 --best-of 3 [--final-best-of 5]
[--advantage first_move|head_start|none] [--third-place] | --next | --cancel | --show
[--user USERNAME]: audited as that account, if it may change the division, as the playoff page."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, field_argument
from core.forms import WholeNumberField
from core.permissions import CHANGE
from tournaments.forms.playoffs import ADVANTAGE_CHOICES, best_of_field, top_field
from tournaments.playoff_text import bracket_lines
from tournaments.results.playoffs import FIRST_MOVE, read_stage
from tournaments.services import playoffs

from ._acting import acting_user
from ._lookup import division_from, tournament_from
from ._options import add_event, add_user
from .pair import pairing_lines


class Command(BaseCommand):
    help = _("Start a division's playoff, pair its next games, show or cancel it.")

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument("division_name")
        parser.add_argument("--top", type=field_argument(top_field()))
        parser.add_argument("--best-of", type=field_argument(best_of_field()))
        parser.add_argument("--final-best-of", type=field_argument(best_of_field()))
        parser.add_argument(
            "--advantage", choices=[c for c, _label in ADVANTAGE_CHOICES], default=FIRST_MOVE
        )
        parser.add_argument("--third-place", action="store_true")
        parser.add_argument(
            "--seed", type=field_argument(WholeNumberField(min_value=0, max_value=2**31 - 1))
        )
        action = parser.add_mutually_exclusive_group()
        action.add_argument("--next", action="store_true", help=_("Pair the next games."))
        action.add_argument("--cancel", action="store_true", help=_("Cancel the playoff."))
        action.add_argument("--show", action="store_true", help=_("Show the bracket."))
        add_user(parser)

    def handle(self, *args, slug, division_name, **options):
        division = division_from(tournament_from(slug), division_name)
        by = acting_user(options["user"], division, CHANGE)
        rnd = self._act(by, division, options)
        if rnd is not None:
            self.stdout.write(_("Playoff round %(round)d paired:") % {"round": rnd.number})
            for line in pairing_lines(division, rnd.number):
                self.stdout.write(line)
        division.refresh_from_db()
        stage = read_stage(division.playoff)
        if stage is not None:
            for line in bracket_lines(division, stage):
                self.stdout.write(line)

    def _act(self, by, division, options):
        if options["cancel"]:
            playoffs.playoff_cancel(by=by, division=division)
            self.stdout.write(_("Playoff cancelled."))
            return None
        if options["next"]:
            return playoffs.playoff_pair_next(by=by, division=division)
        if options["show"]:
            return None
        if options["top"] is None or options["best_of"] is None:
            raise CommandError(_("Give --top and --best-of to start a playoff."))
        return playoffs.playoff_create(
            by=by,
            division=division,
            top=options["top"],
            best_of=options["best_of"],
            final_best_of=options["final_best_of"],
            advantage=options["advantage"],
            third_place=options["third_place"],
            seed=options["seed"],
        )
