"""django-tables2 tables of the tournament pages (sortable, CSV export via configure_table)."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class SpreadColumn(tables.Column):
    def render(self, value):
        return f"{value:+d}"

    def value(self, value):
        return value


class WinsColumn(tables.Column):
    """Wins and losses with a half for ties: 4.5, not 4.50."""

    def render(self, value):
        return f"{value:g}"

    def value(self, value):
        return f"{value:g}"


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
    average_score = tables.Column(verbose_name=_("Average"), attrs=NUM, default="")
    firsts = tables.Column(verbose_name=_("Firsts"), attrs=NUM)
    seconds = tables.Column(verbose_name=_("Seconds"), attrs=NUM)
    rating = tables.Column(verbose_name=_("Rating"), attrs=NUM)

    class Meta:
        attrs = {"class": "table standings"}
        orderable = True
