from django.contrib import admin

from core.admin import SavedByServiceAdmin, ServiceWrittenAdmin, ServiceWrittenInline

from .models import Attendance, CasualGame, Club, ClubGuest, ClubSession, Membership
from .services import CLUB_FIELDS, MEMBERSHIP_FIELDS, club_update, membership_update


class MembershipInline(ServiceWrittenInline):
    """Members are added on the club's page and changed on their own admin page."""

    model = Membership
    fields = ["player", *MEMBERSHIP_FIELDS]
    readonly_fields = fields
    select_related = ["player"]
    show_change_link = True


@admin.register(Club)
class ClubAdmin(SavedByServiceAdmin):
    list_display = ["name", "city", "country"]
    search_fields = ["name", "city"]
    fields = CLUB_FIELDS
    inlines = [MembershipInline]
    update_service = staticmethod(club_update)


@admin.register(Membership)
class MembershipAdmin(SavedByServiceAdmin):
    list_display = ["player", "club", "role", "since", "until"]
    list_filter = ["role", "club"]
    fields = ["player", "club", *MEMBERSHIP_FIELDS]
    readonly_fields = ["player", "club"]
    update_service = staticmethod(membership_update)


class AttendanceInline(ServiceWrittenInline):
    """Who came; marked on the club night page."""

    model = Attendance
    fields = ["player"]
    readonly_fields = fields
    select_related = ["player"]


@admin.register(ClubSession)
class ClubSessionAdmin(ServiceWrittenAdmin):
    list_display = ["club", "date", "note"]
    list_filter = ["club"]
    list_select_related = ["club"]
    date_hierarchy = "date"
    inlines = [AttendanceInline]


@admin.register(Attendance)
class AttendanceAdmin(ServiceWrittenAdmin):
    list_display = ["player", "session"]
    list_select_related = ["player", "session__club"]
    search_fields = ["player__name"]


@admin.register(CasualGame)
class CasualGameAdmin(ServiceWrittenAdmin):
    list_display = ["__str__", "session", "rated", "entered_at"]
    list_filter = ["rated"]
    list_select_related = ["player_a", "player_b", "session__club"]
    search_fields = ["player_a__name", "player_b__name"]


@admin.register(ClubGuest)
class ClubGuestAdmin(ServiceWrittenAdmin):
    """Guests are added at a club night and made members or matched on the club's guest page."""

    list_display = ["player", "club", "added_on"]
    list_select_related = ["player", "club"]
    search_fields = ["player__name"]
