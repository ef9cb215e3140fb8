from django.contrib import admin

from .models import Attendance, CasualGame, Club, ClubSession, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["player"]


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
