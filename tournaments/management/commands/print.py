"""python manage.py print SLUG --division A REPORT [--round N] [--order table|name]
--output FILE.pdf

REPORT is pairings, standings, scorecards, slips, wall-chart or final-report: the same PDFs as
the division's print links.
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from core.cli import write_bytes
from tournaments.pdf.final_report import build_final_report_pdf
from tournaments.pdf.pairings import BY_NAME, BY_TABLE, build_pairings_pdf
from tournaments.pdf.result_slips import build_result_slips_pdf
from tournaments.pdf.scorecards import build_scorecards_pdf
from tournaments.pdf.standings import build_standings_pdf
from tournaments.pdf.wall_chart import build_wall_chart_pdf
from tournaments.services.prizes import prize_rules

from ._lookup import division_from, tournament_from

# Each report's builder, given the division and the options; which reports take a round.
BUILDERS = {
    "pairings": lambda division, number, order: build_pairings_pdf(division, number, order=order),
    "standings": lambda division, number, order: build_standings_pdf(division, number),
    "scorecards": lambda division, number, order: build_scorecards_pdf(division),
    "slips": lambda division, number, order: build_result_slips_pdf(division, number),
    "wall-chart": lambda division, number, order: build_wall_chart_pdf(division),
    "final-report": lambda division, number, order: build_final_report_pdf(
        division, prize_rules(division)
    ),
}
NEEDS_ROUND = {"pairings", "slips"}
TAKES_ROUND = NEEDS_ROUND | {"standings"}


class Command(BaseCommand):
    help = _("Write a division's printable report as a PDF file.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("report", choices=list(BUILDERS))
        parser.add_argument("--division")
        parser.add_argument(
            "--round",
            type=int,
            help=_("Pairings and slips: the round. Standings: after this round (default: all)."),
        )
        parser.add_argument(
            "--order",
            choices=[BY_TABLE, BY_NAME],
            help=_("Pairings: by table (default) or by name in large type."),
        )
        parser.add_argument("--output", required=True, help=_("The PDF file to write."))

    def handle(self, *args, slug, report, division, round, order, output, **options):
        found = division_from(tournament_from(slug), division)
        self._check(found, report, round, order)
        data = BUILDERS[report](found, round, order or BY_TABLE)
        write_bytes(output, data)
        self.stdout.write(
            _("Wrote %(file)s (%(kb)d KB).") % {"file": output, "kb": max(1, len(data) // 1024)}
        )

    def _check(self, division, report: str, number: int | None, order: str | None) -> None:
        if order is not None and report != "pairings":
            raise CommandError(_("--order is only for the pairings."))
        if number is None:
            if report in NEEDS_ROUND:
                raise CommandError(_("Give the round with --round."))
            return
        if report not in TAKES_ROUND:
            raise CommandError(_("--round is only for pairings, slips and standings."))
        if not 1 <= number <= division.rounds:
            raise CommandError(
                _("Division %(division)s has rounds 1 to %(rounds)d.")
                % {"division": division.name, "rounds": division.rounds}
            )
        if report in NEEDS_ROUND and not division.round_set.filter(number=number).exists():
            raise CommandError(
                _("Round %(round)d of division %(division)s has not been paired.")
                % {"round": number, "division": division.name}
            )
