from django.contrib import admin

from .models import (
    Division,
    Entry,
    FixedPairing,
    Pairing,
    PrizeBand,
    Round,
    ScoreReport,
    Tournament,
    TournamentRole,
)


class RoleInline(admin.TabularInline):
    model = TournamentRole
    extra = 0


class DivisionInline(admin.TabularInline):
    model = Division
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "start_date", "venue", "is_public"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [RoleInline, DivisionInline]


@admin.register(TournamentRole)
class TournamentRoleAdmin(admin.ModelAdmin):
    list_display = ["tournament", "user", "role"]
    list_select_related = ["tournament", "user"]


@admin.register(Division)
class DivisionAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "rounds"]
    list_select_related = ["tournament"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["number", "player", "division", "rating", "status"]
    list_select_related = ["player", "division__tournament"]
    list_filter = ["status", "division"]
    search_fields = ["player__name"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["division", "number", "system", "paired_at"]
    list_select_related = ["division__tournament"]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "first", "second", "first_score", "second_score", "kind"]
    list_select_related = ["round__division__tournament", "first__player", "second__player"]
    list_filter = ["kind"]


@admin.register(FixedPairing)
class FixedPairingAdmin(admin.ModelAdmin):
    list_display = ["division", "round_number", "first", "second"]
    list_select_related = ["division__tournament", "first__player", "second__player"]
    raw_id_fields = ["division", "first", "second"]


@admin.register(PrizeBand)
class PrizeBandAdmin(admin.ModelAdmin):
    list_display = ["label", "division", "kind", "places", "rating_low", "rating_high", "amount"]
    list_filter = ["kind"]
    list_select_related = ["division__tournament"]
    raw_id_fields = ["division"]


@admin.register(ScoreReport)
class ScoreReportAdmin(admin.ModelAdmin):
    """Players' reports are settled by the self-reporting services; here they are looked up."""

    list_display = ["pairing", "reported_by", "first_score", "second_score", "status", "created_at"]
    list_filter = ["status"]
    list_select_related = [
        "pairing__round__division__tournament",
        "pairing__first__player",
        "pairing__second__player",
        "reported_by__player",
    ]
    raw_id_fields = ["pairing", "reported_by", "user"]
    readonly_fields = ["created_at", "settled_at"]
