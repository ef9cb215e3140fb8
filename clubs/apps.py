from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        # The audit log's sentences for this app's actions (core imports no app).
        from .audit_text import register_describers

        register_describers()
