"""The player actions of the audit log in words (registered in ``PlayersConfig.ready``)."""

from django.utils.translation import gettext_noop

from core.audit_text import naming, register


def register_describers() -> None:
    register(
        {
            "player.create": naming(gettext_noop("Added the player %(name)s")),
            "player.update": naming(gettext_noop("Changed the details of %(name)s")),
            "player.export": naming(gettext_noop("Handed out everything about %(name)s")),
            "player.erase": naming(
                gettext_noop("Erased the name and personal details of %(name)s")
            ),
        }
    )
