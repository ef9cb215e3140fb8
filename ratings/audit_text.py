"""The rating actions of the audit log in words (registered in ``RatingsConfig.ready``)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.audit_text import naming, register


def _seed(entry, obj) -> str:
    if obj is None:
        return ""
    return _("Set %(player)s's starting rating on %(list)s to %(rating)s") % {
        "player": obj.player.name,
        "list": obj.rating_list.name,
        "rating": entry.after["rating"],
    }


def register_describers() -> None:
    register(
        {
            "rating_list.create": naming(gettext_noop("Created the rating list %(name)s")),
            "rating_list.seed": _seed,
            "rating_list.recompute": naming(gettext_noop("Recomputed the rating list %(name)s")),
            "tournament.rate": naming(gettext_noop("Rated the tournament %(name)s")),
            "club_session.rate": naming(gettext_noop("Rated the club night %(name)s")),
            "club_session.unrate": naming(
                gettext_noop("Took the club night %(name)s off the rating list")
            ),
        },
        related={"ratings.playerrating": ["player", "rating_list"]},
    )
