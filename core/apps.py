from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """What every app uses: the audit log and the permission rules."""

    name = "core"
    verbose_name = _("Audit log")

    def ready(self) -> None:
        # The audit log's sentences for this app's actions (core imports no app).
        from .audit_text import register_describers

        register_describers()
