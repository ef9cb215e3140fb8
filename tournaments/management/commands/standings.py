"""python manage.py standings SLUG [--division A] [--after-round N] --format json|text|csv"""

import json

from django.utils.translation import gettext as _

from core.cli import BaseCommand
from core.csv_export import dict_rows, write_csv
from tournaments.entry_text import marked_name
from tournaments.results.formatting import fmt_spread, fmt_wins, pad_display
from tournaments.selectors.divisions import STANDING_FIELDS, division_results, standings_records

from ._lookup import division_from, tournament_from
from ._options import AFTER_ROUND, add_division, add_event


class Command(BaseCommand):
    help = _("Print the standings of a division (or of every division).")

    def add_arguments(self, parser):
        add_event(parser)
        add_division(parser, help=_("Default: every division."))
        parser.add_argument(
            "--after-round", type=AFTER_ROUND, help=_("Standings after this round.")
        )
        parser.add_argument("--format", choices=["json", "text", "csv"], default="text")

    def handle(self, *args, slug, division_name, after_round, format, **options):
        tournament = tournament_from(slug)
        if division_name is None:
            divisions = list(tournament.divisions.order_by("name"))
        else:
            divisions = [division_from(tournament, division_name)]
        rows = []
        for found in divisions:
            for record in standings_records(division_results(found), through_round=after_round):
                record.pop("entry_id")
                rows.append({"division": found.name} | record)
        if format == "json":
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
        elif format == "csv":
            # Wins and losses as the standings page's CSV writes them: 2, or 1.5 (JSON keeps
            # numbers).
            written = [
                r | {"wins": fmt_wins(r["wins"]), "losses": fmt_wins(r["losses"])} for r in rows
            ]
            write_csv(self.stdout, dict_rows(written, ["division", *STANDING_FIELDS]))
        else:
            self._text(rows)

    def _text(self, rows):
        division = None
        for row in rows:
            if row["division"] != division:
                division = row["division"]
                self.stdout.write(_("Division %(name)s") % {"name": division})
                player = pad_display(_("Player"), 28)
                self.stdout.write(f"{'#':>4} {player} {'W':>5} {'L':>5} {_('Spread'):>7}")
            # Marked as the standings page and printout mark a withdrawn player.
            name = marked_name(row["name"], row["withdrawn"])
            # Names padded by display width: a CJK name takes two columns a character.
            self.stdout.write(
                f"{row['rank']:>4} {pad_display(name, 28)} {fmt_wins(row['wins']):>5} "
                f"{fmt_wins(row['losses']):>5} {fmt_spread(row['spread']):>7}"
            )
