from django.contrib import admin

from .models import Division, Entry, Pairing, Round, Tournament, TournamentRole


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


@admin.register(Division)
class DivisionAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "rounds"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["number", "player", "division", "rating", "status"]
    list_filter = ["status", "division"]
    search_fields = ["player__name"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["division", "number", "system", "paired_at"]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "first", "second", "first_score", "second_score", "kind"]
    list_filter = ["kind"]
