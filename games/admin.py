from django.contrib import admin

from core.admin import ServiceWrittenAdmin, ServiceWrittenInline

from .broadcast.models import BroadcastMark, DivisionBroadcast, EventBroadcast
from .integrity.models import FlagDismissal
from .models import Game, GameClock, JudgeKiosk, Judgment, Lexicon, Turn


class TurnInline(ServiceWrittenInline):
    model = Turn
    fields = ["number", "player", "kind", "move", "rack", "challenge", "score", "first_total",
              "second_total", "seconds", "notes"]  # fmt: skip
    readonly_fields = fields


@admin.register(Game)
class GameAdmin(ServiceWrittenAdmin):
    """The sheet is written by the services (the engine checks every turn), so it is shown here."""

    list_display = ["__str__", "first_score", "second_score", "ending", "created_at"]
    list_filter = ["ending", "rules_preset"]
    search_fields = ["first_player__name", "second_player__name", "title"]
    inlines = [TurnInline]


@admin.register(Lexicon)
class LexiconAdmin(ServiceWrittenAdmin):
    list_display = ["name", "word_count", "uploaded_at", "uploaded_by"]
    exclude = ["word_list"]


@admin.register(Judgment)
class JudgmentAdmin(ServiceWrittenAdmin):
    """The judge's log, kept as the judge answered: nothing is added, changed or removed here."""

    list_display = ["at", "lexicon", "words", "acceptable", "by"]
    list_filter = ["acceptable", "lexicon"]


@admin.register(JudgeKiosk)
class JudgeKioskAdmin(ServiceWrittenAdmin):
    """Judging screens are opened and closed on the division's page (audited); the token, which
    is the screen's key, is not shown here."""

    list_display = ["division", "lexicon", "opened_at", "expires_at", "closed_at", "opened_by"]
    exclude = ["token"]

    def get_queryset(self, request):
        rows = super().get_queryset(request).select_related("division__tournament", "lexicon")
        return rows.defer("lexicon__word_list")


@admin.register(Turn)
class TurnAdmin(ServiceWrittenAdmin):
    list_display = ["game", "number", "player", "kind", "score"]
    list_select_related = ["game"]


@admin.register(GameClock)
class GameClockAdmin(ServiceWrittenAdmin):
    """A table clock is pressed from the scoresheet (audited); shown here as it stands."""

    list_display = ["game", "running", "first_used_ms", "second_used_ms", "version"]
    list_select_related = ["game"]


@admin.register(EventBroadcast)
class EventBroadcastAdmin(ServiceWrittenAdmin):
    """An event's broadcast delay, set on the division's broadcast page (audited)."""

    list_display = ["tournament", "delay_minutes"]
    list_select_related = ["tournament"]


@admin.register(DivisionBroadcast)
class DivisionBroadcastAdmin(ServiceWrittenAdmin):
    list_display = ["division", "top_tables"]
    list_select_related = ["division__tournament"]


@admin.register(BroadcastMark)
class BroadcastMarkAdmin(ServiceWrittenAdmin):
    list_display = ["game", "marked_by", "marked_at"]
    list_select_related = ["game", "marked_by"]


@admin.register(FlagDismissal)
class FlagDismissalAdmin(ServiceWrittenAdmin):
    """A flag of the integrity desk dismissed with a note, on the desk's page (audited)."""

    list_display = ["tournament", "key", "dismissed_by", "dismissed_at"]
    list_select_related = ["tournament", "dismissed_by"]
