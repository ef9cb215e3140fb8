"""Publishing: an event's public pages, feeds and PDFs written as static files to a target
(a folder, an rsync-over-ssh destination, S3-compatible storage), incrementally and atomically,
by a background job that survives the venue's internet going down."""

from django.apps import AppConfig
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    name = "publishing"
    verbose_name = _("Publishing")

    def ready(self) -> None:
        # Every change a public page shows is audited with its event: queue its publish.
        from core.models import AuditEntry

        from .audit_text import register_describers
        from .queue import audit_entry_saved

        register_describers()

        post_save.connect(
            audit_entry_saved, sender=AuditEntry, dispatch_uid="publishing.audit_entry_saved"
        )
