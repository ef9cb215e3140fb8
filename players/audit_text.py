"""The player actions of the audit log in words (registered in ``PlayersConfig.ready``)."""

from django.utils.translation import gettext_noop as N_

from core.audit_text import naming, register


def register_describers() -> None:
    register(
        {
            "player.create": naming(N_("Added the player %(name)s")),
            "player.update": naming(N_("Changed the details of %(name)s")),
        }
    )
