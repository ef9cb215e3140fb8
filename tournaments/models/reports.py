"""Players' own score reports and the director's prize bands ."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.model_fields import acting_user


class ScoreReport(models.Model):
    """Scores one player of a game reported from their phone, waiting for the other side.

    The game's result is written (through the result service) only once the opponent confirms
    or a director accepts; a report that disagrees with the opponent's is ``disputed`` and left
    for the director, never overwriting anything; so is the same tie reported by both, where
    the rules give a tie a winner (``tie``). A result recorded any other way (the desk, a
    forfeit, a no-show) closes the game's open reports as ``superseded``.
    """

    class Status(models.TextChoices):
        SUBMITTED = "submitted", _("Waiting for the opponent")
        CONFIRMED = "confirmed", _("Confirmed by the opponent")
        DISPUTED = "disputed", _("Disputed")
        ACCEPTED = "accepted", _("Accepted by a director")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        SUPERSEDED = "superseded", _("Superseded by the result entered")
        # Both players report the same tie, which the rules give a winner: a director names it.
        TIE = "tie", _("A tie: waiting for a director to name its winner")

    pairing = models.ForeignKey(
        "tournaments.Pairing", on_delete=models.CASCADE, related_name="score_reports"
    )
    reported_by = models.ForeignKey(
        "tournaments.Entry", on_delete=models.CASCADE, related_name="score_reports"
    )
    user = acting_user()
    first_score = models.PositiveIntegerField(_("first player's score"))
    second_score = models.PositiveIntegerField(_("second player's score"))
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.SUBMITTED
    )
    # The browser the report came from, as a keyed hash of its device cookie (never the cookie):
    # the integrity desk looks for one device reporting both sides of a game.
    device = models.CharField(_("device"), max_length=32, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(_("settled"), null=True, blank=True)

    class Meta:
        ordering = ["pairing", "created_at"]
        verbose_name = _("score report")
        verbose_name_plural = _("score reports")
        constraints = [
            # One open report per player per game: a correction withdraws the old one first.
            models.UniqueConstraint(
                fields=["pairing", "reported_by"],
                condition=Q(status__in=["submitted", "disputed", "tie"]),
                name="one_open_score_report_per_player",
            )
        ]

    def __str__(self) -> str:
        return f"{self.pairing}: {self.first_score}-{self.second_score} ({self.status})"


class PrizeBand(models.Model):
    """A prize the director offers in a division: places of a kind, optionally a rating class."""

    class Kind(models.TextChoices):
        RANK = "rank", _("Place in the division")
        RATING_CLASS = "rating_class", _("Best in a rating class")
        HIGH_GAME = "high_game", _("High game")
        HIGH_LOSS = "high_loss", _("High loss")
        HIGH_WIN = "high_win", _("High win (largest margin)")
        HIGH_COMBINED = "high_combined", _("High combined score")
        UPSET = "upset", _("Biggest upset")
        HANDICAP = "handicap", _("Handicap score")

    division = models.ForeignKey(
        "tournaments.Division", on_delete=models.CASCADE, related_name="prize_bands"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    label = models.CharField(_("label"), max_length=80)
    places = models.PositiveSmallIntegerField(_("places"), default=1)
    rating_low = models.IntegerField(_("lowest rating"), null=True, blank=True)
    rating_high = models.IntegerField(_("highest rating"), null=True, blank=True)
    amount = models.CharField(_("amount"), max_length=40, blank=True)
    # The money of each place, best first, as typed ("500, 300, 200"; checked by
    # ``results.prize_money.read_amounts``); fewer amounts than places: the rest pay nothing.
    money = models.CharField(_("money per place"), max_length=400, blank=True)
    trophy = models.CharField(_("trophy"), max_length=80, blank=True)
    # None: the kind's default (places, classes and handicap one per player; game prizes add up).
    exclusive = models.BooleanField(_("one prize per player"), null=True, blank=True)
    position = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ["division", "position", "id"]
        verbose_name = _("prize band")
        verbose_name_plural = _("prize bands")
        constraints = [
            models.CheckConstraint(condition=Q(places__gte=1), name="prize_band_has_places"),
            models.CheckConstraint(
                condition=Q(rating_low__isnull=True)
                | Q(rating_high__isnull=True)
                | Q(rating_high__gte=models.F("rating_low")),
                name="prize_band_rating_range_in_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.division}: {self.label}"
