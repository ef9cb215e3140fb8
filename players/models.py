"""People, clubs and the audit log.

`players` is the lowest app: tournaments and games point at it, never the other way round, so the
audit log that every service writes lives here too.
"""

import math

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


# Ratings and club life. Tournaments are referred to by label ("tournaments.Tournament") because
# that app imports this one; a rating event is the one place the lowest app points upwards.

RATING_SYSTEM_CHOICES = [
    ("naspa", _("NASPA (Elo)")),
    ("naspa-club", _("NASPA club variant")),
    ("absp", _("ABSP")),
    ("glicko2", _("Glicko-2")),
]


class RatingList(models.Model):
    """A list of ratings kept with one system for one scope (a country, a club, or everyone)."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True, allow_unicode=True)
    system = models.CharField(
        _("rating system"), max_length=16, choices=RATING_SYSTEM_CHOICES, default="naspa"
    )
    scope_country = models.CharField(_("country"), max_length=3, blank=True)
    scope_club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_lists",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("players:rating_list", kwargs={"list_slug": self.slug})

    def is_changeable_by(self, user, action: str = "change") -> bool:
        # A club's own list is run by its officers; national lists by staff only.
        return self.scope_club_id is not None and self.scope_club.is_changeable_by(user)


class PlayerRating(models.Model):
    """A player's current place on one rating list, and where they started on it.

    `initial_*` is the rating the player brought to the list (seeded, or None for a newcomer);
    a recompute starts from it and replays every rating event of the list.
    """

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="list_ratings")
    rating = models.FloatField(_("rating"), null=True, blank=True)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    deviation = models.FloatField(_("deviation"), null=True, blank=True)
    volatility = models.FloatField(_("volatility"), null=True, blank=True)
    history = models.JSONField(_("recent game points"), default=list, blank=True)
    initial_rating = models.FloatField(_("starting rating"), null=True, blank=True)
    initial_games = models.PositiveIntegerField(_("games before the list"), default=0)

    class Meta:
        ordering = ["rating_list", "-rating"]
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "player"], name="rating_once_per_list")
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.published} ({self.rating_list})"

    @property
    def published(self) -> int | None:
        """The integer shown on lists (half rounds up)."""
        return None if self.rating is None else int(math.floor(self.rating + 0.5))


class RatingEvent(models.Model):
    """One rated event of a list: a tournament division or a club session, in rating order."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="events")
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_events",
    )
    division = models.ForeignKey(
        "tournaments.Division",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_events",
    )
    club_session = models.ForeignKey(
        "ClubSession",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_events",
    )
    rated_at = models.DateTimeField(_("rated"), default=timezone.now)
    order = models.PositiveIntegerField(_("order on the list"))
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    club = models.BooleanField(_("rated with the club variant"), default=False)

    class Meta:
        ordering = ["rating_list", "order"]
        verbose_name = _("rating event")
        verbose_name_plural = _("rating events")
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "order"], name="rating_event_order"),
            models.UniqueConstraint(
                fields=["rating_list", "division"],
                condition=Q(division__isnull=False),
                name="division_rated_once_per_list",
            ),
            models.UniqueConstraint(
                fields=["rating_list", "club_session"],
                condition=Q(club_session__isnull=False),
                name="session_rated_once_per_list",
            ),
            models.CheckConstraint(
                condition=Q(division__isnull=True) | Q(club_session__isnull=True),
                name="rating_event_one_source",
            ),
        ]

    def __str__(self) -> str:
        source = self.division or self.club_session
        return f"{self.rating_list} #{self.order}: {source}"


class RatingChange(models.Model):
    """What one rating event did to one player's rating."""

    event = models.ForeignKey(RatingEvent, on_delete=models.CASCADE, related_name="changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    before = models.FloatField(_("before"), null=True, blank=True)
    after = models.FloatField(_("after"))
    games = models.PositiveSmallIntegerField(_("games"))
    wins = models.FloatField(_("wins"))
    expected = models.FloatField(_("expected wins"), null=True, blank=True)
    bonus = models.FloatField(_("bonus"), default=0)
    feedback = models.FloatField(_("feedback"), default=0)
    deviation = models.FloatField(_("deviation"), null=True, blank=True)

    class Meta:
        ordering = ["event", "player"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="rating_change_once")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.before} -> {self.after}"

    @property
    def published_before(self) -> int | None:
        return None if self.before is None else int(math.floor(self.before + 0.5))

    @property
    def published(self) -> int:
        return int(math.floor(self.after + 0.5))


class ClubSession(models.Model):
    """A club night: who came and the casual games they played."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions")
    date = models.DateField(_("date"))
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "-date", "-id"]
        verbose_name = _("club session")
        verbose_name_plural = _("club sessions")

    def __str__(self) -> str:
        return f"{self.club} {self.date:%Y-%m-%d}"

    def get_absolute_url(self) -> str:
        return reverse("players:club_session", kwargs={"slug": self.club.slug, "session": self.pk})

    def is_changeable_by(self, user, action: str = "change") -> bool:
        return self.club.is_changeable_by(user, action)


class Attendance(models.Model):
    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="attendances")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="attendances")

    class Meta:
        ordering = ["session", "player__sort_name"]
        verbose_name = _("attendance")
        verbose_name_plural = _("attendances")
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="attendance_once")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.session}"


class CasualGame(models.Model):
    """A game at a club night, entered as two names and two scores."""

    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="games")
    player_a = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    score_a = models.PositiveIntegerField(_("score"))
    score_b = models.PositiveIntegerField(_("opponent's score"))
    rated = models.BooleanField(_("rated"), default=True)
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["session", "entered_at", "id"]
        verbose_name = _("casual game")
        verbose_name_plural = _("casual games")
        constraints = [
            models.CheckConstraint(
                condition=~Q(player_a=models.F("player_b")), name="casual_game_two_players"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_a} {self.score_a}-{self.score_b} {self.player_b}"
