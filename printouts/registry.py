"""Every printable report of a division, in one list.

The print view (one URL, ``print/<report_name>/?round=&order=``), the ``print`` command (its
choices and checks) and the print links of the division and event pages all read ``REPORTS``:
a new PDF is its builder module plus one line here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from core.formatting import buddhist_era
from tournaments.models import Division

from .badges import build_badges_pdf
from .bracket import build_bracket_pdf
from .final_report import build_final_report_pdf
from .layout import printed_on
from .pairings import BY_NAME, BY_TABLE, build_pairings_pdf
from .prizes import build_prize_certificates_pdf, build_prize_list_pdf
from .result_slips import build_result_slips_pdf
from .rules_sheet import build_rules_sheet_pdf
from .scorecards import build_scorecards_pdf
from .standings import build_standings_pdf
from .wall_chart import build_wall_chart_pdf

# How a report uses a round: not at all, "after round N" when given, or it is a round's report.
NO_ROUND, ROUND_OPTIONAL, ROUND_NEEDED = "none", "optional", "needed"


@dataclass(frozen=True)
class Options:
    """What the reader asked for besides the report: a round and an order (None: not given)."""

    round_number: int | None = None
    order: str | None = None
    per_page: int | None = None
    # The site's address (``https://desk.example``), for the QR codes of the reports for the
    # people running the event; empty: no codes.
    site: str = ""
    # The results a broadcast delay holds back from the reader (``tournaments.selectors.held``):
    # the public reports print them as not yet played.
    held: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Report:
    """One printable report.

    ``name`` is its URL segment and the command's choice; ``build(division, options)`` returns
    the PDF bytes. ``orders`` pairs each order the report can be printed in with the title of
    its link (the first is the default); a report without orders has one link, ``title``.
    Public reports are for anyone who may see the division; the others only for those who may
    enter its results (directors and assistants).
    """

    name: str
    title: Promise | str
    build: Callable[[Division, Options], bytes]
    round: str = NO_ROUND
    orders: tuple[tuple[str, Promise | str], ...] = ()
    public: bool = True
    # Cards to a page the report can be printed at, each with its link's title; first: default.
    per_page: tuple[tuple[int, Promise | str], ...] = ()
    # Whether the division has anything for it (its print link is left out otherwise).
    offered: Callable[[Division], bool] = lambda division: True

    @property
    def takes_round(self) -> bool:
        return self.round != NO_ROUND

    @property
    def needs_round(self) -> bool:
        return self.round == ROUND_NEEDED

    @property
    def order_names(self) -> tuple[str, ...]:
        return tuple(order for order, _title in self.orders)

    def printed(self, division: Division, asked: Options, language: str) -> bytes:
        """The PDF with every heading, label and date in ``language`` (a site language code),
        on the event's paper, every time of day in the event's time zone."""
        tournament = division.tournament
        with (
            translation.override(language),
            buddhist_era(tournament.buddhist_era),
            printed_on(tournament.paper_size),
            timezone.override(tournament.zone),
        ):
            return self.build(division, asked)

    def order_or_default(self, asked: str | None) -> str | None:
        """``asked`` if the report has that order, else its first (None: it has no orders)."""
        names = self.order_names
        return asked if asked in names else (names[0] if names else None)

    @property
    def per_page_choices(self) -> tuple[int, ...]:
        return tuple(count for count, _title in self.per_page)

    def per_page_or_default(self, asked: int | None) -> int | None:
        """``asked`` if the report prints that many to a page, else its first (None: it has
        no choice)."""
        choices = self.per_page_choices
        return asked if asked in choices else (choices[0] if choices else None)


REPORTS: tuple[Report, ...] = (
    Report(
        "pairings",
        _("Pairings"),
        lambda division, asked: build_pairings_pdf(
            division, asked.round_number, order=asked.order or BY_TABLE, held=asked.held
        ),
        round=ROUND_NEEDED,
        orders=((BY_TABLE, _("Pairings by table")), (BY_NAME, _("Pairings by name"))),
    ),
    Report(
        "slips",
        _("Result slips"),
        lambda division, asked: build_result_slips_pdf(
            division, asked.round_number, site=asked.site
        ),
        round=ROUND_NEEDED,
        public=False,
    ),
    Report(
        "standings",
        _("Standings"),
        lambda division, asked: build_standings_pdf(division, asked.round_number, held=asked.held),
        round=ROUND_OPTIONAL,
    ),
    Report(
        "scorecards",
        _("Scorecards"),
        lambda division, asked: build_scorecards_pdf(
            division, per_page=asked.per_page or 1, site=asked.site
        ),
        public=False,
        per_page=(
            (1, _("Scorecards")),
            (2, _("Scorecards, 2 a page")),
            (4, _("Scorecards, 4 a page")),
        ),
    ),
    Report(
        "badges",
        _("Player cards"),
        lambda division, asked: build_badges_pdf(division, site=asked.site),
        public=False,
    ),
    Report(
        "wall-chart",
        _("Wall chart"),
        lambda division, asked: build_wall_chart_pdf(division, asked.held),
    ),
    Report(
        "final-report",
        _("Final report"),
        lambda division, asked: build_final_report_pdf(division, asked.held),
    ),
    Report("rules", _("Rules sheet"), lambda division, asked: build_rules_sheet_pdf(division)),
    Report(
        "bracket",
        _("Playoff bracket"),
        lambda division, asked: build_bracket_pdf(division, asked.held),
        offered=lambda division: bool(division.playoff),
    ),
    Report(
        "prize-list",
        _("Prize list"),
        lambda division, asked: build_prize_list_pdf(division, asked.held),
    ),
    Report(
        "prize-certificates",
        _("Prize certificates"),
        lambda division, asked: build_prize_certificates_pdf(division),
        public=False,
    ),
)


def reports() -> Sequence[Report]:
    """Every report, in the order their links are shown."""
    # Read at call time, so a report added to REPORTS (in a test, say) is seen everywhere.
    return REPORTS


def report_named(name: str) -> Report | None:
    return next((report for report in reports() if report.name == name), None)
