from django.contrib import admin

from core.admin import ServiceWrittenAdmin, ServiceWrittenInline

from .models import PlayerRating, RatingChange, RatingEvent, RatingList

# Ratings are written by the rating services (a recompute rewrites them), so these pages are for
# looking things up.


@admin.register(RatingList)
class RatingListAdmin(ServiceWrittenAdmin):
    list_display = ["name", "system", "scope_country", "scope_club", "created_at"]
    list_filter = ["system"]
    list_select_related = ["scope_club"]
    search_fields = ["name", "slug"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(ServiceWrittenAdmin):
    list_display = ["player", "rating_list", "rating", "games", "initial_rating"]
    list_filter = ["rating_list"]
    list_select_related = ["player", "rating_list"]
    search_fields = ["player__name", "player__member_id"]


class RatingChangeInline(ServiceWrittenInline):
    """What the event did to each player: shown, never edited (a recompute rewrites it)."""

    model = RatingChange
    max_num = 0
    fields = ["player", "before", "after", "games", "wins", "expected", "bonus", "feedback"]
    readonly_fields = fields
    select_related = ["player"]


@admin.register(RatingEvent)
class RatingEventAdmin(ServiceWrittenAdmin):
    list_display = ["__str__", "rating_list", "order", "rated_at", "club"]
    list_filter = ["rating_list", "club"]
    list_select_related = ["rating_list", "division__tournament", "club_session__club"]
    inlines = [RatingChangeInline]


@admin.register(RatingChange)
class RatingChangeAdmin(ServiceWrittenAdmin):
    list_display = ["player", "event", "before", "after", "games", "wins"]
    list_filter = ["event__rating_list"]
    list_select_related = [
        "player",
        "event__rating_list",
        "event__division__tournament",
        "event__club_session__club",
    ]
    search_fields = ["player__name"]
