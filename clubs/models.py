"""Clubs, their members, club nights and the casual games played at them."""

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.formatting import fmt_date
from core.model_fields import different, span_contains, span_holds, span_in_order
from core.models import Named
from players.models import Player


class ClubQuerySet(models.QuerySet):
    def visible_to(self, user) -> "ClubQuerySet":
        """Open clubs, and the members-only clubs ``user`` belongs to (staff see every club)."""
        if user is not None and user.is_authenticated and user.is_active and user.is_staff:
            return self
        if user is None or not user.is_authenticated:
            return self.filter(private=False)
        mine = Membership.objects.current().filter(player__user=user).values("club_id")
        return self.filter(Q(private=False) | Q(pk__in=mine))


class Club(Named):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True, allow_unicode=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    country = models.CharField(_("country"), max_length=3, blank=True)
    contact = models.CharField(_("contact"), max_length=200, blank=True)
    members = models.ManyToManyField(Player, through="Membership", related_name="clubs")
    private = models.BooleanField(
        _("members only"),
        default=False,
        help_text=_("Only the club's members see its pages, nights, ladder and members."),
    )
    ladder_members_only = models.BooleanField(
        _("ladder for members only"),
        default=False,
        help_text=_("The ladder and its printout are shown to the club's members only."),
    )
    ladder_basis = models.CharField(
        _("ladder order"),
        max_length=8,
        choices=[("wins", _("Points for wins")), ("rating", _("Rating change"))],
        default="wins",
    )
    guests_rated = models.BooleanField(
        _("rate guests' games"),
        default=False,
        help_text=_("Games against a guest count on the club's rating list."),
    )

    objects = ClubQuerySet.as_manager()

    class Meta(Named.Meta):
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", kwargs={"club_slug": self.slug})

    def is_changeable_by(self, user, action: str = "change") -> bool:
        return (
            Membership.objects.current()
            .filter(club=self, player__user=user, role=Membership.Role.OFFICER)
            .exists()
        )

    def is_visible_to(self, user) -> bool:
        """An open club is for everyone; a members-only one for its members and staff."""
        if not self.private:
            return True
        if user is not None and user.is_authenticated and user.is_active and user.is_staff:
            return True
        return self.has_member(user)

    def ladder_visible_to(self, user) -> bool:
        if not self.is_visible_to(user):
            return False
        if not self.ladder_members_only:
            return True
        staff = user is not None and user.is_authenticated and user.is_staff
        return staff or self.has_member(user)

    def has_member(self, user) -> bool:
        """Is ``user`` (through their player) a current member of any role?"""
        if user is None or not user.is_authenticated:
            return False
        return Membership.objects.current().filter(club=self, player__user=user).exists()


class MembershipQuerySet(models.QuerySet):
    def current(self, on=None) -> "MembershipQuerySet":
        return self.filter(span_holds("since", "until", on or timezone.localdate()))


class Membership(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", _("Member")
        OFFICER = "officer", _("Officer")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    since = models.DateField(_("since"), null=True, blank=True)
    until = models.DateField(_("until"), null=True, blank=True)
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.MEMBER)

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        LAPSED = "lapsed", _("Lapsed")

    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.ACTIVE
    )
    status_since = models.DateField(_("status since"), null=True, blank=True)

    objects = MembershipQuerySet.as_manager()

    class Meta:
        ordering = ["club", "player__sort_name"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [span_in_order("since", "until", name="membership_until_after_since")]

    def __str__(self) -> str:
        return f"{self.player} @ {self.club}"

    def is_current(self, on=None) -> bool:
        """Whether the membership runs on ``on`` (today): ``MembershipQuerySet.current`` for one."""
        return span_contains(self.since, self.until, on or timezone.localdate())


class ClubGuest(models.Model):
    """A visitor who plays club nights without being a member.

    The guest is a player record of their own (so their games and ratings need nothing
    special); it is later turned into a member or matched to an existing player.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="guests")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="guest_of")
    added_on = models.DateField(_("first visit"), default=timezone.localdate)

    class Meta:
        ordering = ["club", "player__sort_name"]
        verbose_name = _("guest")
        verbose_name_plural = _("guests")
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="guest_once_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.club})"


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
        return f"{self.club} {fmt_date(self.date)}"

    def get_absolute_url(self) -> str:
        return reverse("clubs:session", kwargs={"club_slug": self.club.slug, "session_id": self.pk})

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
        constraints = [different("player_a", "player_b", name="casual_game_two_players")]

    def __str__(self) -> str:
        return f"{self.player_a} {self.score_a}-{self.score_b} {self.player_b}"
