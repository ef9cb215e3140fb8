"""A flag a director looked at and dismissed, with a note: kept under the flag's stable key, with
the facts the flag stated then (a digest, ``Flag.facts``): the dismissal covers the flag while
they are the same, and the flag is open again once they change."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.model_fields import acting_user
from tournaments.models import Tournament

NOTE_MAX = 1000
# What a dismissal holds as its facts when no flag of its key was there to see: whatever flag
# turns up under the key later is new to it.
NO_FLAG_SEEN = "-"


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
    # Blank on dismissals older than this field: those cover their key whatever it says.
    seen = models.CharField(_("facts seen"), max_length=32, blank=True, default="")
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

    def covers(self, flag) -> bool:
        """Whether this dismissal is of ``flag`` as it stands (same key, same facts)."""
        return self.key == flag.key and self.seen in ("", flag.facts)
