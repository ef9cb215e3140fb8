"""django-tables2 tables of the pages players see (standings come from ``tournaments.tables``).

Rows are plain dicts built by ``tournaments.public_pages``, so a table never touches the database.
"""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .director import NUM, withdrawn_column


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
    withdrawn = withdrawn_column()

    class Meta:
        attrs = {"class": "table pairings-by-name"}
        orderable = True
