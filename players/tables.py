import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .models import Player


class PlayerTable(tables.Table):
    name = tables.Column(linkify=True, order_by=("sort_name",), verbose_name=_("Name"))
    country = tables.Column(verbose_name=_("Country"))
    member_id = tables.Column(verbose_name=_("Member id"))
    rating = tables.Column(verbose_name=_("Rating"), attrs={"td": {"class": "num"}})

    class Meta:
        model = Player
        fields = ("name", "country", "member_id", "rating")
        order_by = ("name",)
