"""Rating lists, each player's place on them, and what each rated event changed.

Ratings sit above tournaments and clubs: a rating event points at a tournament division or a club
night by label, and nothing below this app imports it.
"""

from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.model_fields import optional_link
from core.models import Named
from players.models import Player
from tournaments.models import Tournament
from tournaments.results.formatting import rating_value

RATING_SYSTEM_CHOICES = [
    ("naspa", _("NASPA (Elo)")),
    ("naspa-club", _("NASPA club variant")),
    ("absp", _("ABSP")),
    ("glicko2", _("Glicko-2")),
]


MAX_PROVISIONAL_GAMES = 200


class RatingList(Named):
    """A list of ratings kept with one system for one scope (a country, a club, or everyone)."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True, allow_unicode=True)
    system = models.CharField(
        _("rating system"), max_length=16, choices=RATING_SYSTEM_CHOICES, default="naspa"
    )
    scope_country = models.CharField(_("country"), max_length=3, blank=True)
    scope_club = optional_link(
        Club, _("club"), on_delete=models.CASCADE, related_name="rating_lists"
    )
    seed_list = optional_link(
        "self",
        _("first rating from"),
        on_delete=models.PROTECT,
        related_name="seeded_lists",
        help_text=_("A newcomer on that list starts from its rating there."),
    )
    provisional_games = models.PositiveSmallIntegerField(
        _("provisional until games"),
        default=0,
        validators=[MaxValueValidator(MAX_PROVISIONAL_GAMES)],
        help_text=_("A newcomer's rating is marked provisional until this many rated games."),
    )
    count_tournaments = models.BooleanField(
        _("tournaments of the club count"),
        default=False,
        help_text=_("The club's own tournaments are rated on this list too."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta(Named.Meta):
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")

    def get_absolute_url(self) -> str:
        return reverse("ratings:list", kwargs={"list_slug": self.slug})

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
        return rating_value(self.rating)

    @property
    def provisional(self) -> bool:
        """A newcomer (no starting rating) with fewer rated games than the list asks for."""
        return self.initial_rating is None and self.games < self.rating_list.provisional_games


class RatingEventQuerySet(models.QuerySet):
    def visible_to(self, user) -> "RatingEventQuerySet":
        """Club nights, and the divisions of the tournaments ``user`` may see."""
        return self.filter(
            Q(tournament__isnull=True) | Q(tournament__in=Tournament.objects.visible_to(user))
        )


def _rated(model: str) -> models.ForeignKey:
    """What a rating event rated (a tournament and its division, or a club night): empty on
    events of the other kind, and the event goes when what it rated is deleted."""
    return optional_link(model, on_delete=models.CASCADE, related_name="rating_events")


class RatingEvent(models.Model):
    """One rated event of a list: a tournament division or a club session, in rating order."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="events")
    tournament = _rated("tournaments.Tournament")
    division = _rated("tournaments.Division")
    club_session = _rated("clubs.ClubSession")
    rated_at = models.DateTimeField(_("rated"), default=timezone.now)
    order = models.PositiveIntegerField(_("order on the list"))
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    club = models.BooleanField(_("rated with the club variant"), default=False)

    objects = RatingEventQuerySet.as_manager()

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
        return rating_value(self.before)

    @property
    def published(self) -> int:
        return rating_value(self.after)
