"""The publishing actions of the audit log in words (registered in ``PublishingConfig.ready``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.audit_text import register


def _publish(entry, obj) -> str:
    after = entry.after or {}
    if not after.get("public", True):
        return _("Removed the event from %(target)s (%(deleted)s files deleted)") % {
            "target": after.get("target", ""),
            "deleted": after.get("deleted", 0),
        }
    return _("Published to %(target)s: %(sent)s files sent, %(deleted)s deleted") % {
        "target": after.get("target", ""),
        "sent": after.get("sent", 0),
        "deleted": after.get("deleted", 0),
    }


def register_describers() -> None:
    register({"tournament.publish": _publish})
