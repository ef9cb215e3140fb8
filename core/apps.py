from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """What every app uses: the audit log and the permission rules."""

    name = "core"
    verbose_name = _("Audit log")
