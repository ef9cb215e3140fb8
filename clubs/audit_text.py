"""The club actions of the audit log in words (registered in ``ClubsConfig.ready``)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.audit_text import naming, register


def _attend(entry, obj) -> str:
    if obj is None:
        return ""
    return _("%(player)s came to the club night of %(session)s") % {
        "player": obj.player.name,
        "session": obj.session,
    }


def _unattend(entry, obj) -> str:
    return _("A guest's visit to a club night moved to the player they were")


def register_describers() -> None:
    register(
        {
            "club.create": naming(gettext_noop("Created the club %(name)s")),
            "club.update": naming(gettext_noop("Changed the club's details (%(name)s)")),
            "membership.add": naming(gettext_noop("Added a membership: %(name)s")),
            "membership.update": naming(gettext_noop("Changed a membership: %(name)s")),
            "club_session.create": naming(gettext_noop("Opened the club night %(name)s")),
            "club_session.attend": _attend,
            "casual_game.add": naming(gettext_noop("Recorded a club game: %(name)s")),
            "casual_game.correct": naming(gettext_noop("Corrected a club game: %(name)s")),
            "casual_game.delete": naming(gettext_noop("Deleted a club game: %(name)s")),
            "casual_game.undo": naming(gettext_noop("Undid a change of a club game: %(name)s")),
            "club_guest.add": naming(gettext_noop("Added a guest: %(name)s")),
            "club_guest.join": naming(gettext_noop("A guest became a member: %(name)s")),
            "club_guest.match": naming(gettext_noop("Matched a guest to %(name)s")),
            "club_session.unattend": _unattend,
            "player.merge": naming(gettext_noop("Merged a guest's record into %(name)s")),
        },
        related={
            "clubs.membership": ["player", "club"],
            "clubs.clubsession": ["club"],
            "clubs.attendance": ["player", "session__club"],
            "clubs.casualgame": ["player_a", "player_b"],
            "clubs.clubguest": ["player", "club"],
        },
    )
