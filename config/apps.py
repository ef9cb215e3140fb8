from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeskConfig(AppConfig):
    """The site itself: home page, static assets and commands that span every app."""

    name = "config"
    label = "desk"
    verbose_name = _("Tournament Desk")

    def ready(self) -> None:
        from . import checks  # noqa: F401 - registers the deploy checks
