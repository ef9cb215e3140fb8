"""A flag a director looked at and dismissed, with a note: kept under the flag's stable key."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.model_fields import acting_user
from tournaments.models import Tournament

NOTE_MAX = 1000


class FlagDismissal(models.Model):
    """A director's note that one flag of the integrity desk was looked at and needs nothing."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="flag_dismissals",
        verbose_name=_("event"),
    )
    key = models.CharField(_("flag"), max_length=200)
    note = models.TextField(_("note"), max_length=NOTE_MAX)
    dismissed_by = acting_user(_("dismissed by"))
    dismissed_at = models.DateTimeField(_("dismissed"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "key"]
        verbose_name = _("dismissed flag")
        verbose_name_plural = _("dismissed flags")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"], name="one_dismissal_per_flag")
        ]

    def __str__(self) -> str:
        return self.key
