from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        # The audit log's sentences for this app's actions (core imports no app).
        from players.visibility import register_rule

        from .audit_text import register_describers
        from .selectors import hidden_by_private_clubs

        register_describers()
        # People known only through members-only clubs a viewer is not in are hidden from every
        # picker and duplicate check, registration's included (they read the rule there).
        register_rule(
            "members-only clubs",
            lambda user, players: players.exclude(pk__in=hidden_by_private_clubs(user)),
        )
