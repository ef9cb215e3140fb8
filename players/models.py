"""People, clubs and the audit log.

`players` is the lowest app: tournaments and games point at it, never the other way round, so the
audit log that every service writes lives here too.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class PlayerQuerySet(models.QuerySet):
    def search(self, text: str) -> "PlayerQuerySet":
        text = text.strip()
        if not text:
            return self
        return self.filter(
            Q(name__icontains=text) | Q(sort_name__icontains=text) | Q(member_id__iexact=text)
        )


class Player(models.Model):
    """A person who plays. The name may be in any script; `sort_name` orders lists."""

    name = models.CharField(_("name"), max_length=120)
    sort_name = models.CharField(
        _("sort name"), max_length=120, blank=True, help_text=_("For example 'Smith, Anna'.")
    )
    country = models.CharField(_("country"), max_length=3, blank=True, help_text=_("ISO code"))
    member_id = models.CharField(
        _("member id"), max_length=32, blank=True, help_text=_("Id with the rating authority.")
    )
    rating = models.IntegerField(_("rating"), null=True, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["sort_name", "name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["member_id"],
                condition=~Q(member_id=""),
                name="player_member_id_unique",
            )
        ]
        indexes = [models.Index(Lower("name"), "country", name="player_name_country")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        if not self.sort_name:
            self.sort_name = default_sort_name(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("players:detail", kwargs={"pk": self.pk})


def default_sort_name(name: str) -> str:
    """'Anna Smith' sorts as 'Smith, Anna'; single names and CJK names sort as written."""
    parts = name.split()
    if len(parts) < 2 or "," in name:
        return name
    return f"{parts[-1]}, {' '.join(parts[:-1])}"


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True, allow_unicode=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    country = models.CharField(_("country"), max_length=3, blank=True)
    contact = models.CharField(_("contact"), max_length=200, blank=True)
    members = models.ManyToManyField(Player, through="Membership", related_name="clubs")

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("players:club", kwargs={"slug": self.slug})

    def is_changeable_by(self, user, action: str = "change") -> bool:
        return (
            Membership.objects.current()
            .filter(club=self, player__user=user, role=Membership.Role.OFFICER)
            .exists()
        )


class MembershipQuerySet(models.QuerySet):
    def current(self, on=None) -> "MembershipQuerySet":
        day = on or timezone.localdate()
        return self.filter(Q(since__lte=day) | Q(since__isnull=True)).filter(
            Q(until__isnull=True) | Q(until__gte=day)
        )


class Membership(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", _("Member")
        OFFICER = "officer", _("Officer")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    since = models.DateField(_("since"), null=True, blank=True)
    until = models.DateField(_("until"), null=True, blank=True)
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.MEMBER)

    objects = MembershipQuerySet.as_manager()

    class Meta:
        ordering = ["club", "player__sort_name"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.CheckConstraint(
                condition=Q(until__isnull=True)
                | Q(since__isnull=True)
                | Q(until__gte=models.F("since")),
                name="membership_until_after_since",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.club}"


class AuditEntry(models.Model):
    """One change of state: who did what to which object, with before and after snapshots."""

    at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_entries",
    )
    action = models.CharField(_("action"), max_length=64)
    object_type = models.CharField(_("object type"), max_length=64)
    object_id = models.CharField(_("object id"), max_length=64)
    scope = models.CharField(
        _("scope"), max_length=80, blank=True, db_index=True, help_text=_("e.g. tournament:12")
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
