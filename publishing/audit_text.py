"""The publishing actions of the audit log in words (registered in ``PublishingConfig.ready``):
a publish round, and the directors' changes of an event's targets."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.audit_text import naming, register


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
    register(
        {
            "tournament.publish": _publish,
            "publish_target.add": naming(
                gettext_noop("Added the publishing target %(name)s"), "spec"
            ),
            "publish_target.remove": naming(
                gettext_noop("Removed the publishing target %(name)s"), "spec"
            ),
            "publish_target.enable": naming(
                gettext_noop("Switched on publishing to %(name)s"), "spec"
            ),
            "publish_target.disable": naming(
                gettext_noop("Switched off publishing to %(name)s"), "spec"
            ),
            "publish_target.publish_now": naming(gettext_noop("Published now to %(name)s"), "spec"),
        },
    )
