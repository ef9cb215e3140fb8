"""What is broadcast: an event's delay, a division's top tables, the games a director marked.

Kept apart from the games and the events themselves: broadcasting is a choice of the games app
about the tables of an event, read together by ``games.broadcast.selectors``.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.model_fields import acting_user
from tournaments.models import Division, Tournament


class EventBroadcast(models.Model):
    """An event's broadcast delay: public pages show each board as it was this long ago."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="broadcast", verbose_name=_("event")
    )
    delay_minutes = models.PositiveSmallIntegerField(_("broadcast delay (minutes)"), default=0)

    class Meta:
        verbose_name = _("event broadcast")
        verbose_name_plural = _("event broadcasts")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(delay_minutes__lte=60), name="broadcast_delay_at_most_60"
            )
        ]

    def __str__(self) -> str:
        return str(self.tournament)


class DivisionBroadcast(models.Model):
    """A division's top tables broadcast every round (0: none)."""

    division = models.OneToOneField(
        Division, on_delete=models.CASCADE, related_name="broadcast", verbose_name=_("division")
    )
    top_tables = models.PositiveSmallIntegerField(_("top tables broadcast"), default=0)

    class Meta:
        verbose_name = _("division broadcast")
        verbose_name_plural = _("division broadcasts")

    def __str__(self) -> str:
        return str(self.division)


class BroadcastMark(models.Model):
    """A game a director chose to broadcast, whatever its table."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="broadcast_mark"
    )
    marked_by = acting_user()
    marked_at = models.DateTimeField(_("marked"), auto_now_add=True)

    class Meta:
        verbose_name = _("broadcast game")
        verbose_name_plural = _("broadcast games")

    def __str__(self) -> str:
        return str(self.game)
