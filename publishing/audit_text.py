"""The publishing actions of the audit log in words (``PublishingConfig.ready``)."""

from django.utils.translation import gettext_noop

from core.audit_text import naming, register


def register_describers() -> None:
    register(
        {
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
