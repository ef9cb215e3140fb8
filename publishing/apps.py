from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    name = "publishing"
    verbose_name = _("Publishing")

    def ready(self) -> None:
        from .audit_text import register_describers

        register_describers()
