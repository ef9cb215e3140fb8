"""Restore points: the whole event as its archive, kept at every pairing and round end.

(Not to be confused with the public pages' cached standings snapshot,
``tournaments.selectors.snapshot``.) The archive itself lives in the ``restore_points`` storage
(Django's storage API, ``settings.STORAGES``), gzip-compressed; this row says what it is, who
took it and when, and the checksum that proves the stored file is the one written.
"""

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.model_fields import acting_user, optional_link


class RestorePoint(models.Model):
    class Reason(models.TextChoices):
        PAIRING = "pairing", _("Round paired")
        ROUND_END = "round_end", _("Round complete")
        MANUAL = "manual", _("Taken by hand")
        BEFORE_RESTORE = "before_restore", _("Before a restore")

    # Kept when the event is deleted: the point is then the only way back (staff, by command).
    tournament = optional_link(
        "tournaments.Tournament", on_delete=models.SET_NULL, related_name="restore_points"
    )
    tournament_slug = models.CharField(_("event"), max_length=100)
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    division_name = models.CharField(_("division"), max_length=100, blank=True)
    round_number = models.PositiveIntegerField(_("round"), null=True, blank=True)
    taken_at = models.DateTimeField(_("taken"), db_index=True)
    taken_by = acting_user(_("taken by"), blank=True)
    file_name = models.CharField(_("file"), max_length=255, unique=True)
    size = models.PositiveBigIntegerField(_("size"))
    sha256 = models.CharField(_("checksum (SHA-256)"), max_length=64)
    audit_entries = models.PositiveIntegerField(_("audit entries"), default=0)
    # A point may hold only what changed since an earlier point of the event, its ``base``
    # (``archive.delta``); restoring it reads the chain back to a whole archive. ``manifest``
    # says what the point holds, for the next point to find what changed since (empty on
    # points taken before there were chains: they are never a base).
    base = optional_link("self", _("changes since"), on_delete=models.SET_NULL, related_name="+")
    manifest = models.JSONField(_("manifest"), default=dict, blank=True)

    class Meta:
        ordering = ["-taken_at", "-id"]
        verbose_name = _("restore point")
        verbose_name_plural = _("restore points")
        indexes = [models.Index(fields=["tournament", "-taken_at"], name="restore_point_event")]

    def __str__(self) -> str:
        return f"{self.tournament_slug} #{self.pk} ({self.reason}, {self.taken_at:%Y-%m-%d %H:%M})"

    @property
    def depth(self) -> int:
        """How many points of changes lead back to a whole archive (0: this is one)."""
        return int(self.manifest.get("depth", 0)) if isinstance(self.manifest, dict) else 0

    @property
    def what(self) -> str:
        """Why the point was taken, with its division and round when it has them."""
        if self.round_number is None:
            return self.get_reason_display()
        return gettext("%(reason)s: division %(division)s, round %(round)d") % {
            "reason": self.get_reason_display(),
            "division": self.division_name,
            "round": self.round_number,
        }
