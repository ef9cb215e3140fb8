"""django-tables2 tables of the pages players see (standings come from ``tournaments.tables``).

Rows are plain dicts built by ``tournaments.public_pages``, so a table never touches the database.
"""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .director import NUM, SpreadColumn


class PlayerLinkColumn(tables.Column):
    """A player's name linking to their event page (``url`` key of the row)."""

    def render(self, value, record):
        url = record.get("url")
        return format_html('<a href="{}">{}</a>', url, value) if url else value

    def value(self, value):
        return value


class PairingsByNameTable(tables.Table):
    """A round's pairings, one line per player in alphabetical order, as posted at a venue."""

    name = PlayerLinkColumn(verbose_name=_("Player"))
    number = tables.Column(verbose_name=_("No."), attrs=NUM)
    table = tables.Column(verbose_name=_("Table"), attrs=NUM, default="–")
    side = tables.Column(verbose_name=_("Goes"), default="")
    opponent = tables.Column(verbose_name=_("Opponent"))
    result = tables.Column(verbose_name=_("Result"), default="")

    class Meta:
        attrs = {"class": "table pairings-by-name"}
        orderable = True


class PlayerResultsTable(tables.Table):
    """One player's rounds in the event with the running record and spread."""

    round = tables.Column(verbose_name=_("Round"), attrs=NUM)
    opponent = PlayerLinkColumn(verbose_name=_("Opponent"))
    side = tables.Column(verbose_name=_("Goes"), default="")
    score = tables.Column(verbose_name=_("Score"), attrs=NUM, default="")
    opponent_score = tables.Column(verbose_name=_("Opp."), attrs=NUM, default="")
    outcome = tables.Column(verbose_name=_("W/L"), default="")
    record = tables.Column(verbose_name=pgettext_lazy("won-lost record", "Record"), attrs=NUM)
    spread = SpreadColumn(verbose_name=_("Spread"), attrs=NUM)

    class Meta:
        attrs = {"class": "table player-results"}
        orderable = False


def pairings_lines(table: PairingsByNameTable) -> list[dict]:
    """The table's rows in its current order with its defaults filled in, for a plain template loop.

    A round of a 400-player field is 400 rows: django-tables2 renders them cell by cell through its
    column machinery (~0.5 ms a row); the template loops over these instead.
    """
    return [
        record
        | {
            "table": "–" if record["table"] is None else record["table"],
            "side": record["side"] or "",
            "result": record["result"] or "",
        }
        for record in table.data
    ]
