from django.contrib import admin

from .models import Game, Judgment, Lexicon, Turn


class TurnInline(admin.TabularInline):
    model = Turn
    extra = 0
    fields = ["number", "player", "kind", "move", "rack", "challenge", "score", "first_total",
              "second_total", "seconds", "notes"]  # fmt: skip
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read-mostly: the sheet is written by the services (the engine checks every turn)."""

    list_display = ["__str__", "first_score", "second_score", "ending", "created_at"]
    list_filter = ["ending", "rules_preset"]
    search_fields = ["first_player__name", "second_player__name", "title"]
    raw_id_fields = ["first_player", "second_player", "pairing", "created_by"]
    readonly_fields = ["first_score", "second_score", "ending", "winner", "result_version"]
    inlines = [TurnInline]


@admin.register(Lexicon)
class LexiconAdmin(admin.ModelAdmin):
    list_display = ["name", "word_count", "uploaded_at", "uploaded_by"]
    exclude = ["word_list"]
    readonly_fields = ["checksum", "word_count"]


@admin.register(Judgment)
class JudgmentAdmin(admin.ModelAdmin):
    list_display = ["at", "lexicon", "words", "acceptable", "by"]
    list_filter = ["acceptable", "lexicon"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # the judge's log is not edited


@admin.register(Turn)
class TurnAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "player", "kind", "score"]
    list_select_related = ["game"]
    raw_id_fields = ["game"]
