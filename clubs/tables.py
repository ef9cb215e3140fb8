import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from core.table_columns import DayColumn

from .models import Club, Membership


class ClubTable(tables.Table):
    name = tables.Column(linkify=True, verbose_name=_("Club"))
    city = tables.Column(verbose_name=_("City"))
    country = tables.Column(verbose_name=_("Country"))
    member_count = tables.Column(verbose_name=_("Members"), attrs={"td": {"class": "num"}})

    class Meta:
        model = Club
        fields = ("name", "city", "country", "member_count")


class MemberTable(tables.Table):
    player = tables.Column(
        linkify=lambda record: record.player.get_absolute_url(),
        order_by=("player__sort_name",),
        verbose_name=_("Player"),
    )
    role = tables.Column(verbose_name=_("Role"))
    since = DayColumn(verbose_name=_("Since"))
    until = DayColumn(verbose_name=_("Until"))
    rating = tables.Column(accessor="player__rating", verbose_name=_("Rating"))

    class Meta:
        model = Membership
        fields = ("player", "role", "since", "until", "rating")
