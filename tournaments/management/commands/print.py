"""python manage.py print SLUG --division A REPORT [--round N] [--order ORDER] [--per-page N]
[--language th]
--output FILE.pdf

REPORT is one of the reports of ``printouts/registry.py`` (pairings, slips, standings,
scorecards, wall-chart, final-report): the same PDFs as the division's print links. The
language is ``--language``, else the event's, else the site's default.
"""

from django.conf import settings
from django.core.management.base import CommandError
from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from core.cli import BaseCommand, write_file
from printouts import registry
from printouts.registry import Options, Report

from ._lookup import division_from, round_from, tournament_from
from ._options import add_division, add_event, add_round


def _names(reports) -> str:
    """``a, b and c``, in the reader's language."""
    return get_text_list([report.name for report in reports], _("and"))


class Command(BaseCommand):
    help = _("Write a division's printable report as a PDF file.")

    def add_arguments(self, parser):
        reports = registry.reports()
        orders = list(dict.fromkeys(o for report in reports for o in report.order_names))
        add_event(parser)
        parser.add_argument("report", choices=[report.name for report in reports])
        add_division(parser)
        add_round(
            parser,
            help=_("The round: needed by %(needed)s; for %(optional)s, after this round.")
            % {
                "needed": _names(r for r in reports if r.needs_round),
                "optional": _names(r for r in reports if r.takes_round and not r.needs_round),
            },
        )
        parser.add_argument(
            "--order",
            choices=orders,
            help=_("The order of %(reports)s (default: %(default)s).")
            % {
                "reports": _names(r for r in reports if r.orders),
                "default": ", ".join(r.order_or_default(None) for r in reports if r.orders),
            },
        )
        parser.add_argument(
            "--per-page",
            type=int,
            choices=sorted({n for report in reports for n in report.per_page_choices}),
            help=_("Cards to a page for %(reports)s, cut apart along the dashed lines.")
            % {"reports": _names(r for r in reports if r.per_page)},
        )
        parser.add_argument(
            "--language",
            choices=[code for code, _name in settings.LANGUAGES],
            help=_("The language to print in (default: the event's, else the site's)."),
        )
        parser.add_argument("--output", required=True, help=_("The PDF file to write."))

    def handle(
        self,
        *args,
        slug,
        report,
        division_name,
        round,
        order,
        per_page,
        language,
        output,
        **options,
    ):
        division = division_from(tournament_from(slug), division_name)
        chosen = registry.report_named(report)
        self._check(division, chosen, round, order)
        if per_page is not None and per_page not in chosen.per_page_choices:
            takers = [r for r in registry.reports() if per_page in r.per_page_choices]
            raise CommandError(
                _("--per-page %(count)d is only for %(reports)s.")
                % {"count": per_page, "reports": _names(takers)}
            )
        asked = Options(
            round_number=round,
            order=chosen.order_or_default(order),
            per_page=chosen.per_page_or_default(per_page),
        )
        language = language or division.tournament.language or settings.LANGUAGE_CODE
        data = chosen.printed(division, asked, language)
        self.stdout.write(write_file(output, data))

    def _check(self, division, report: Report, number: int | None, order: str | None) -> None:
        if order is not None and order not in report.order_names:
            takers = [r for r in registry.reports() if order in r.order_names]
            raise CommandError(_("--order is only for %(reports)s.") % {"reports": _names(takers)})
        if number is None:
            if report.needs_round:
                raise CommandError(_("Give the round with --round."))
            return
        if not report.takes_round:
            takers = [r for r in registry.reports() if r.takes_round]
            raise CommandError(_("--round is only for %(reports)s.") % {"reports": _names(takers)})
        if not 1 <= number <= division.rounds:
            raise CommandError(
                _("Division %(division)s has rounds 1 to %(rounds)d.")
                % {"division": division.name, "rounds": division.rounds}
            )
        if report.needs_round:
            round_from(division, number)
