"""The public team standings table (rows: ``results.teams.TeamRow`` as dicts), CSV included."""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .director import NUM, AverageColumn, SpreadColumn, WinsColumn

# Hidden below 600px, as the standings' secondary columns are (the page never scrolls sideways).
SECONDARY = {"td": {"class": "num secondary"}, "th": {"class": "num", "data-secondary": ""}}


class TeamStandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM)
    team = tables.Column(verbose_name=_("Team"))
    members = tables.Column(verbose_name=_("Members"), attrs=SECONDARY)
    wins = WinsColumn(verbose_name=_("Won"), attrs=NUM)
    losses = WinsColumn(verbose_name=_("Lost"), attrs=SECONDARY)
    spread = SpreadColumn(verbose_name=_("Spread"), attrs=NUM)
    average_wins = AverageColumn(verbose_name=_("Wins per member"), attrs=SECONDARY)
    divisions = tables.Column(verbose_name=_("Divisions"), attrs=SECONDARY)

    def render_team(self, value, record):
        """The name, and on a phone (where the members column is hidden) how many members."""
        count = record["members"]
        members = ngettext("%(count)d member", "%(count)d members", count) % {"count": count}
        return format_html('{}<small class="muted phone-only"><br>{}</small>', value, members)

    def value_team(self, value):
        return value

    class Meta:
        attrs = {"class": "table team-standings"}
        orderable = True
        empty_text = _("No player has a team yet.")
