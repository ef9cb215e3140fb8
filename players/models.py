"""People who play, and the site account each may have."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class PlayerQuerySet(models.QuerySet):
    def search(self, text: str) -> "PlayerQuerySet":
        text = text.strip()
        if not text:
            return self
        return self.filter(
            Q(name__icontains=text) | Q(sort_name__icontains=text) | Q(member_id__iexact=text)
        )


# What a director types about a person (the form's fields; the services add the linked account).
PERSON_DETAILS = [
    "name",
    "sort_name",
    "family_name",
    "given_names",
    "family_first",
    "latin_name",
    "country",
    "member_id",
    "rating",
]


class Player(models.Model):
    """A person who plays. The name may be in any script; `sort_name` orders lists."""

    name = models.CharField(_("name"), max_length=120)
    sort_name = models.CharField(
        _("sort name"), max_length=120, blank=True, help_text=_("For example 'Smith, Anna'.")
    )
    # The name as rating bodies need it: family name, given names, which is said first, and the
    # name in Latin letters for ASCII files (tournaments.exports.names fills it by transliteration if empty).
    family_name = models.CharField(_("family name"), max_length=120, blank=True)
    given_names = models.CharField(_("given names"), max_length=120, blank=True)
    family_first = models.BooleanField(
        _("family name first"),
        default=False,
        help_text=_("The family name is said first, as in 山田 太郎 or Wang Xiaoming."),
    )
    latin_name = models.CharField(
        _("name in Latin letters"),
        max_length=120,
        blank=True,
        help_text=_("For files that hold only ASCII letters; left empty, it is transliterated."),
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
            self.sort_name = (
                f"{self.family_name}, {self.given_names}".strip(", ")
                if self.family_name
                else default_sort_name(self.name)
            )
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("players:detail", kwargs={"player_id": self.pk})


def default_sort_name(name: str) -> str:
    """'Anna Smith' sorts as 'Smith, Anna'; single names and names in scripts that say the
    family name first (Chinese, Japanese, Korean: '山田 太郎') sort as written, never split on
    their last space. Where the family name is typed, ``Player.save`` uses it instead."""
    parts = name.split()
    if len(parts) < 2 or "," in name or _family_first_script(name):
        return name
    return f"{parts[-1]}, {' '.join(parts[:-1])}"


def _family_first_script(name: str) -> bool:
    """Han, kana or Hangul in the name: scripts whose names put the family name first."""
    return any(
        "\u1100" <= ch <= "\u11ff"
        or "\u3040" <= ch <= "\u30ff"
        or "\u3400" <= ch <= "\u9fff"
        or "\uac00" <= ch <= "\ud7af"
        or "\uf900" <= ch <= "\ufaff"
        for ch in name
    )
