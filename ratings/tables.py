"""Tables of rating lists, projections and club ladders (django-tables2)."""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.results.formatting import fmt_wins, rating_value
from tournaments.tables.director import SpreadColumn

from .models import PlayerRating, RatingList
from .rating_text import rating_change_text

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class RatingListsTable(tables.Table):
    name = tables.Column(linkify=True, verbose_name=_("List"))
    system = tables.Column(verbose_name=_("System"))
    scope_country = tables.Column(verbose_name=_("Country"))
    scope_club = tables.Column(verbose_name=_("Club"))
    player_count = tables.Column(verbose_name=_("Players"), attrs=NUM)

    class Meta:
        model = RatingList
        fields = ("name", "system", "scope_country", "scope_club", "player_count")


class RatingListTable(tables.Table):
    rank = tables.Column(verbose_name=_("#"), attrs=NUM)
    player = tables.Column(
        linkify=lambda record: record.player.get_absolute_url(),
        order_by=("player__sort_name",),
        verbose_name=_("Player"),
    )
    country = tables.Column(accessor="player__country", verbose_name=_("Country"))
    member_id = tables.Column(accessor="player__member_id", verbose_name=_("Member id"))
    # Sorted as ranked: on the published whole number (``rating_list_rows``), then by name.
    rating = tables.Column(
        verbose_name=_("Rating"), attrs=NUM, order_by=("published_rating", "player__sort_name")
    )
    games = tables.Column(verbose_name=_("Games"), attrs=NUM)
    # In the CSV only: the page marks it beside the rating (``render_rating``).
    provisional = tables.Column(
        verbose_name=_("Provisional"), accessor="pk", visible=False, orderable=False
    )

    class Meta:
        model = PlayerRating
        fields = ("rank", "player", "country", "member_id", "rating", "games", "provisional")

    def render_rating(self, record):
        if record.provisional:
            return format_html(
                '{} <span class="chip" title="{}">{}</span>',
                record.published,
                _("Fewer rated games than the list asks for"),
                _("provisional"),
            )
        return record.published

    def value_rating(self, record):
        return record.published

    def value_provisional(self, record):
        return record.provisional


class ProjectedTable(tables.Table):
    number = tables.Column(verbose_name=_("#"), attrs=NUM)
    player = tables.Column(verbose_name=_("Player"))
    # Two ratings, each labelled with where it comes from (the legend above the table says more):
    # the entry's, set at registration, which seeds and pairs; and the list's, which is rated.
    entry_rating = tables.Column(verbose_name=_("Entry rating"), attrs=NUM)
    before = tables.Column(verbose_name=_("List rating before"), attrs=NUM)
    projected = tables.Column(verbose_name=_("Projected"), attrs=NUM)
    change = tables.Column(verbose_name=_("Change"), attrs=NUM)


class LadderTable(tables.Table):
    # The place in the ladder's order (``LadderRow.rank``), whatever page or order is drawn.
    rank = tables.Column(verbose_name=_("#"), orderable=False, attrs=NUM)
    name = tables.Column(linkify=True, verbose_name=_("Player"))
    games = tables.Column(verbose_name=_("Games"), attrs=NUM)
    wins = tables.Column(verbose_name=_("Wins"), attrs=NUM)
    losses = tables.Column(verbose_name=_("Losses"), attrs=NUM, orderable=False)
    spread = SpreadColumn(verbose_name=_("Spread"), attrs=NUM)
    rating_change_shown = tables.Column(
        verbose_name=_("Rating change"), attrs=NUM, order_by=("rating_change",)
    )
    # In the CSV only: the page writes a first rating in the change's cell (``rating_change_text``).
    first_rating = tables.Column(
        verbose_name=_("First rating"), visible=False, orderable=False, default=""
    )

    def render_wins(self, value):
        return fmt_wins(value)

    def render_losses(self, value):
        return fmt_wins(value)

    def render_rating_change_shown(self, value, record):
        return rating_change_text(record)  # a first rating reads as such (issue 33)

    # The CSV writes numbers plain, as the standings' CSV writes a spread (``SpreadColumn``).
    def value_rating_change_shown(self, value):
        return value

    def value_first_rating(self, value):
        return rating_value(value)
