from django.contrib import admin

from .models import (
    Attendance,
    AuditEntry,
    CasualGame,
    Club,
    ClubSession,
    Membership,
    Player,
    PlayerRating,
    RatingChange,
    RatingEvent,
    RatingList,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "sort_name", "country", "member_id", "rating"]
    search_fields = ["name", "sort_name", "member_id"]
    list_filter = ["country"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "city", "country"]
    search_fields = ["name", "city"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["player", "club", "role", "since", "until"]
    list_filter = ["role", "club"]
    autocomplete_fields = ["player"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "actor", "action", "object_type", "object_id", "scope"]
    list_filter = ["action", "object_type"]
    search_fields = ["object_id", "scope"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


# Ratings and club life. Ratings are written by the rating services (a recompute rewrites them),
# so these pages are for looking things up; raw ids keep the forms light on big lists.


@admin.register(RatingList)
class RatingListAdmin(admin.ModelAdmin):
    list_display = ["name", "system", "scope_country", "scope_club", "created_at"]
    list_filter = ["system"]
    list_select_related = ["scope_club"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    raw_id_fields = ["scope_club"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ["player", "rating_list", "rating", "games", "initial_rating"]
    list_filter = ["rating_list"]
    list_select_related = ["player", "rating_list"]
    search_fields = ["player__name", "player__member_id"]
    raw_id_fields = ["player", "rating_list"]


class RatingChangeInline(admin.TabularInline):
    """What the event did to each player: shown, never edited (a recompute rewrites it)."""

    model = RatingChange
    extra = 0
    max_num = 0
    can_delete = False
    fields = ["player", "before", "after", "games", "wins", "expected", "bonus", "feedback"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player")


@admin.register(RatingEvent)
class RatingEventAdmin(admin.ModelAdmin):
    list_display = ["__str__", "rating_list", "order", "rated_at", "club"]
    list_filter = ["rating_list", "club"]
    list_select_related = ["rating_list", "division__tournament", "club_session__club"]
    raw_id_fields = ["rating_list", "tournament", "division", "club_session"]
    inlines = [RatingChangeInline]


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "before", "after", "games", "wins"]
    list_filter = ["event__rating_list"]
    list_select_related = [
        "player",
        "event__rating_list",
        "event__division__tournament",
        "event__club_session__club",
    ]
    search_fields = ["player__name"]
    raw_id_fields = ["player", "event"]


class AttendanceInline(admin.TabularInline):
    """Who came; marked on the club night page, so here a wrong mark can only be removed."""

    model = Attendance
    extra = 0
    max_num = 0
    fields = ["player"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player")


@admin.register(ClubSession)
class ClubSessionAdmin(admin.ModelAdmin):
    list_display = ["club", "date", "note"]
    list_filter = ["club"]
    list_select_related = ["club"]
    date_hierarchy = "date"
    raw_id_fields = ["club"]
    inlines = [AttendanceInline]


@admin.register(Attendance)
class AttendanceAdmin(admin.ModelAdmin):
    list_display = ["player", "session"]
    list_select_related = ["player", "session__club"]
    search_fields = ["player__name"]
    raw_id_fields = ["player", "session"]


@admin.register(CasualGame)
class CasualGameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "session", "rated", "entered_at"]
    list_filter = ["rated"]
    list_select_related = ["player_a", "player_b", "session__club"]
    search_fields = ["player_a__name", "player_b__name"]
    raw_id_fields = ["session", "player_a", "player_b"]
