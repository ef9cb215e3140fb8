"""The public team standings table (rows: ``results.teams.TeamRow`` as dicts), CSV included."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .director import NUM, AverageColumn, SpreadColumn, WinsColumn


class TeamStandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM)
    team = tables.Column(verbose_name=_("Team"))
    members = tables.Column(verbose_name=_("Members"), attrs=NUM)
    wins = WinsColumn(verbose_name=_("Won"), attrs=NUM)
    losses = WinsColumn(verbose_name=_("Lost"), attrs=NUM)
    spread = SpreadColumn(verbose_name=_("Spread"), attrs=NUM)
    average_wins = AverageColumn(verbose_name=_("Wins per member"), attrs=NUM)
    divisions = tables.Column(verbose_name=_("Divisions"), attrs=NUM)

    class Meta:
        attrs = {"class": "table team-standings"}
        orderable = True
        empty_text = _("No player has a team yet.")
