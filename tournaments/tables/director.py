"""django-tables2 tables of the tournament pages (sortable, CSV export via configure_table)."""

from collections.abc import Iterable
from html import escape

import django_tables2 as tables
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.results.crosstable import MARKER_TEXTS, CrosstableCell
from tournaments.results.formatting import (
    average_value,
    fmt_average,
    fmt_score,
    fmt_spread,
    fmt_wins,
)

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class SpreadColumn(tables.Column):
    """A signed spread (``+120``, ``-35``, ``0``); the CSV export keeps the plain number."""

    def render(self, value):
        return fmt_spread(value)

    def value(self, value):
        return value


class WinsColumn(tables.Column):
    """Wins and losses with a half for ties: 4.5, not 4.50."""

    def render(self, value):
        return fmt_wins(value)

    def value(self, value):
        return fmt_wins(value)


def withdrawn_column() -> tables.Column:
    """Whether the player has withdrawn, in the CSV only (True/False, as ``manage.py standings``
    writes it): the page marks it beside the name (``public_rows``)."""
    return tables.Column(
        verbose_name=pgettext_lazy("a player who left the event", "Withdrawn"),
        visible=False,
        orderable=False,
    )


class AverageColumn(tables.Column):
    """An average to one decimal, halves up (the same figure as the PDFs and the stats page)."""

    def render(self, value):
        return fmt_average(value)

    def value(self, value):
        return average_value(value)


class StandingsTable(tables.Table):
    """Rows are ``selectors.standings_records`` dicts, best first."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM)
    number = tables.Column(verbose_name=_("No."), attrs=NUM)
    name = tables.Column(verbose_name=_("Player"))
    wins = WinsColumn(verbose_name=_("Won"), attrs=NUM)
    losses = WinsColumn(verbose_name=_("Lost"), attrs=NUM)
    spread = SpreadColumn(verbose_name=_("Spread"), attrs=NUM)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM)
    points_for = tables.Column(verbose_name=_("Cumulative"), attrs=NUM)
    average_score = AverageColumn(verbose_name=_("Average"), attrs=NUM, default="")
    firsts = tables.Column(verbose_name=_("Firsts"), attrs=NUM)
    seconds = tables.Column(verbose_name=pgettext_lazy("times went second", "Seconds"), attrs=NUM)
    rating = tables.Column(verbose_name=_("Rating"), attrs=NUM)
    withdrawn = withdrawn_column()

    class Meta:
        attrs = {"class": "table standings"}
        orderable = True


def crosstable_cells(cells: Iterable[CrosstableCell | None]) -> SafeString:
    """The ``<td>`` cells of one crosstable row (a 400 x 31 chart is 12,400 cells: joined here
    rather than looped over one by one in the template; the standard library's escape, as
    Django's own does, without its lazy-string wrapper).

    A played game's label is written out here: a W/L/T marker and whole numbers (``fmt_score``),
    which escaping leaves as they are.
    """
    return mark_safe(  # noqa: S308 - every label is escaped or made of markers and numbers
        "".join(map(_cell_markup, cells))
    )


def _cell_markup(cell: CrosstableCell | None) -> str:
    if cell is None:
        return "<td></td>"
    _, opponent, marker, _, score, against, _, _ = cell
    if type(score) is int and type(against) is int and type(opponent) is int:
        return f"<td>{marker} {fmt_score(score, against)} #{opponent}</td>"
    return f"<td>{escape(cell.label)}</td>"


def translated_cells(cells: str, markers: list[tuple[str, str]] | None = None) -> str:
    """``crosstable_cells`` markup (written in no language) with its
    W/L/T/B/F markers in the reader's language: each cell starts with its marker.

    ``markers``: ``marker_translations()`` when already read (once per page, not per row).
    """
    for old, new in marker_translations() if markers is None else markers:
        cells = cells.replace(old, new)
    return cells


def marker_translations() -> list[tuple[str, str]]:
    """(cell start, translated cell start) of each marker the reader's language writes
    differently (none in English)."""
    found = []
    for marker, text in MARKER_TEXTS.items():
        translated = escape(gettext(text))
        if translated != marker:
            found.append((f"<td>{marker} ", f"<td>{translated} "))
    return found
