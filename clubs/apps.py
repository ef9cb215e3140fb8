from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        # The audit log's sentences for this app's actions (core imports no app).
        from players.visibility import register_places

        from .audit_text import register_describers
        from .selectors import player_places

        register_describers()
        # The clubs' places where people are named (members, guests, nights), for the one rule
        # every picker, page and duplicate check reads (players.visibility).
        register_places("clubs", player_places)
