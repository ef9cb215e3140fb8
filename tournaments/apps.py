from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # The audit log's sentences for this app's actions (core imports no app).
        from players.visibility import register_rule

        from .audit_text import register_describers
        from .selectors.visibility import visible_players

        register_describers()
        # People known only through events a viewer may not see are hidden from every picker
        # and duplicate check, the players' and clubs' included (they read the rule there).
        register_rule("private events", visible_players)
