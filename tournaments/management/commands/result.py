"""python manage.py result SLUG --division A --round N "LINE" [--confirm] [--user USERNAME]

LINE is what the director types on the result entry page: "3 380 402" (table, first player's
score, second player's), "7 380 12 402" (player, score, opponent, score), "f 12", "ff 3".
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand
from core.messages import translated
from core.permissions import RESULTS
from tournaments.result_text import game_line, saved_line
from tournaments.services.result_lines import LineState, result_enter_line

from ._acting import acting_user
from ._lookup import division_from, round_from, tournament_from
from ._options import add_division, add_event, add_round, add_user


class Command(BaseCommand):
    help = _("Record one result, typed as on the result entry page. Unusual scores need --confirm.")

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument("line", help=_("e.g. “3 380 402”, “7 380 12 402”, “f 12”, “ff 3”."))
        add_division(parser)
        add_round(parser, required=True)
        parser.add_argument(
            "--confirm", action="store_true", help=_("Save unusual scores without asking.")
        )
        add_user(parser)

    def handle(self, *args, slug, line, division_name, round, confirm, user, **options):
        division = division_from(tournament_from(slug), division_name)
        by = acting_user(user, division, RESULTS)
        entered = result_enter_line(
            by=by, round_=round_from(division, round), line=line, confirm=confirm
        )
        self.stdout.write(game_line(entered.resolved.pairing))
        if entered.state == LineState.UNUSUAL:
            raise CommandError(
                "\n".join(
                    [
                        *(translated(r) for r in entered.unusual.reasons),
                        _("Nothing was saved; add --confirm to save it."),
                    ]
                )
            )
        self.stdout.write(saved_line(entered.outcome))
