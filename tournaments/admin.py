from django.contrib import admin

from core.admin import SavedByServiceAdmin, ServiceWrittenAdmin, ServiceWrittenInline

from .models import (
    Division,
    Entry,
    EventTemplate,
    FixedPairing,
    Pairing,
    PrizeBand,
    RestorePoint,
    Round,
    ScoreReport,
    Tournament,
    TournamentRole,
)
from .services.divisions import DIVISION_FIELDS, division_update
from .services.events import (
    TOURNAMENT_FIELDS,
    tournament_role_assign,
    tournament_role_remove,
    tournament_update,
)


class RoleInline(ServiceWrittenInline):
    """Roles are given and taken on their own admin page, which audits them."""

    model = TournamentRole
    fields = ["user", "role"]
    readonly_fields = fields
    show_change_link = True


class DivisionInline(ServiceWrittenInline):
    model = Division
    fields = ["name", "rounds", "pairing_plan"]
    readonly_fields = fields
    show_change_link = True


@admin.register(Tournament)
class TournamentAdmin(SavedByServiceAdmin):
    list_display = ["name", "start_date", "venue", "is_public"]
    search_fields = ["name", "venue"]
    fields = [*TOURNAMENT_FIELDS, "finalized_at"]
    readonly_fields = ["finalized_at"]
    inlines = [RoleInline, DivisionInline]
    update_service = staticmethod(tournament_update)


@admin.register(TournamentRole)
class TournamentRoleAdmin(admin.ModelAdmin):
    """Who directs or assists an event; given, changed and taken away through the services."""

    list_display = ["tournament", "user", "role"]
    list_select_related = ["tournament", "user"]

    def get_readonly_fields(self, request, obj=None):
        return ["tournament", "user"] if obj else []

    def save_model(self, request, obj, form, change) -> None:
        if change and not form.has_changed():
            return
        saved = tournament_role_assign(
            by=request.user, tournament=obj.tournament, user=obj.user, role=obj.role
        )
        obj.pk = saved.pk

    def delete_model(self, request, obj) -> None:
        tournament_role_remove(by=request.user, assignment=obj)

    def delete_queryset(self, request, queryset) -> None:
        for assignment in queryset:
            tournament_role_remove(by=request.user, assignment=assignment)


@admin.register(Division)
class DivisionAdmin(SavedByServiceAdmin):
    list_display = ["name", "tournament", "rounds"]
    list_select_related = ["tournament"]
    fields = ["tournament", *DIVISION_FIELDS]
    readonly_fields = ["tournament"]
    update_service = staticmethod(division_update)


@admin.register(Entry)
class EntryAdmin(ServiceWrittenAdmin):
    list_display = ["number", "player", "division", "rating", "status"]
    list_select_related = ["player", "division__tournament"]
    list_filter = ["status", "division"]
    search_fields = ["player__name"]


@admin.register(Round)
class RoundAdmin(ServiceWrittenAdmin):
    list_display = ["division", "number", "system", "paired_at"]
    list_select_related = ["division__tournament"]


@admin.register(Pairing)
class PairingAdmin(ServiceWrittenAdmin):
    """Results are entered and corrected on the result pages, which version, audit and re-rate."""

    list_display = ["round", "table", "first", "second", "first_score", "second_score", "kind"]
    list_select_related = ["round__division__tournament", "first__player", "second__player"]
    list_filter = ["kind"]


@admin.register(FixedPairing)
class FixedPairingAdmin(ServiceWrittenAdmin):
    list_display = ["division", "round_number", "first", "second"]
    list_select_related = ["division__tournament", "first__player", "second__player"]


@admin.register(PrizeBand)
class PrizeBandAdmin(ServiceWrittenAdmin):
    list_display = ["label", "division", "kind", "places", "rating_low", "rating_high", "amount"]
    list_filter = ["kind"]
    list_select_related = ["division__tournament"]


@admin.register(ScoreReport)
class ScoreReportAdmin(ServiceWrittenAdmin):
    """Players' reports are settled by the self-reporting services; here they are looked up."""

    list_display = ["pairing", "reported_by", "first_score", "second_score", "status", "created_at"]
    list_filter = ["status"]
    list_select_related = [
        "pairing__round__division__tournament",
        "pairing__first__player",
        "pairing__second__player",
        "reported_by__player",
    ]


@admin.register(RestorePoint)
class RestorePointAdmin(ServiceWrittenAdmin):
    """Taken by the pairing and result services and restored from the event's restore points
    page (or ``manage.py restore_points``); here they are looked up."""

    list_display = ["tournament_slug", "reason", "division_name", "round_number", "taken_at"]
    list_filter = ["reason"]
    exclude = ["manifest"]  # what the next point reads: thousands of ids, nothing to look up
    list_select_related = ["tournament", "taken_by"]


@admin.register(EventTemplate)
class EventTemplateAdmin(ServiceWrittenAdmin):
    """Saved sets of divisions, written by ``services.event_copy``; here they are looked up."""

    list_display = ["name", "created_by", "created_at"]
    list_select_related = ["created_by"]
