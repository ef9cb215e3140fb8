"""The audit log: one entry for every change of state, written by the services."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .model_fields import acting_user, optional_link


class Named(models.Model):
    """A row known by its name: lists are in its order, and it is shown as it."""

    class Meta:
        abstract = True
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class AuditEntry(models.Model):
    """One change of state: who did what to which object, with before and after snapshots."""

    at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    actor = acting_user(_("who"), blank=True, related_name="audit_entries")
    action = models.CharField(_("action"), max_length=64)
    object_type = models.CharField(_("object type"), max_length=64)
    object_id = models.CharField(_("object id"), max_length=64)
    tournament = optional_link(
        "tournaments.Tournament",
        _("tournament"),
        on_delete=models.SET_NULL,
        related_name="audit_entries",
    )
    # Changes outside any tournament (a club night, a rating list) keep a text scope.
    scope = models.CharField(
        _("scope"), max_length=80, blank=True, db_index=True, help_text=_("e.g. club:12")
    )
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    undoes = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="undone_by"
    )

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        indexes = [models.Index(fields=["object_type", "object_id"])]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type}#{self.object_id}"


class Profile(models.Model):
    """What a site account prefers, whoever it is (a player or not): the language it reads."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        on_delete=models.CASCADE,
        related_name="profile",
    )
    language = models.CharField(
        _("language"), max_length=16, choices=settings.LANGUAGES, blank=True
    )

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return str(self.user)
