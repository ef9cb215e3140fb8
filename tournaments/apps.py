from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # The audit log's sentences for this app's actions (core imports no app).
        from players.visibility import register_places

        from .audit_text import register_describers
        from .selectors.visibility import player_places

        register_describers()
        # The events' places where people are named (entries; casual scoresheets, public),
        # for the one rule every picker, page and duplicate check reads (players.visibility).
        register_places("events", player_places)
