"""Events, divisions, entries, rounds and pairings. Logic lives in the pure cores and services."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from core.permissions import CHANGE, RESULTS
from players.models import Player


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=160)
    slug = models.SlugField(_("slug"), unique=True, allow_unicode=True)
    start_date = models.DateField(_("first day"), null=True, blank=True)
    end_date = models.DateField(_("last day"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    rules_preset = models.CharField(_("rule set"), max_length=32, default="naspa")
    rules = models.JSONField(_("rule set details"), default=dict, blank=True)
    is_public = models.BooleanField(_("public"), default=True)
    self_reporting = models.BooleanField(_("players may report their scores"), default=False)
    finalized_at = models.DateTimeField(_("finalized"), null=True, blank=True)
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="tournament_dates_in_order",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"slug": self.slug})

    def is_changeable_by(self, user, action: str = CHANGE) -> bool:
        roles = self.roles.filter(user=user)
        if action == RESULTS:
            return roles.exists() or self._club_officer(user)
        return roles.filter(role=TournamentRole.Role.DIRECTOR).exists() or self._club_officer(user)

    def _club_officer(self, user) -> bool:
        return self.club_id is not None and self.club.is_changeable_by(user)


class TournamentRole(models.Model):
    """A director (changes everything) or an assistant (enters results) of one tournament."""

    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        ASSISTANT = "assistant", _("Assistant")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles"
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)

    class Meta:
        verbose_name = _("tournament role")
        verbose_name_plural = _("tournament roles")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_tournament")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) @ {self.tournament}"


class Division(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(_("name"), max_length=60)
    rounds = models.PositiveSmallIntegerField(_("number of rounds"), default=7)
    pairing_plan = models.CharField(
        _("pairing plan"),
        max_length=400,
        blank=True,
        help_text=_("Which system pairs which rounds; empty means Swiss throughout."),
    )
    bye_spread = models.IntegerField(_("bye spread"), default=50)
    forfeit_spread = models.IntegerField(_("forfeit spread"), default=50)
    max_repeats = models.PositiveSmallIntegerField(_("maximum repeats"), default=0)
    gibsonize = models.BooleanField(_("gibsonize"), default=True)
    prize_places = models.PositiveSmallIntegerField(_("prize places"), default=3)
    max_spread_per_round = models.PositiveIntegerField(
        _("maximum spread per round (for clinching)"), default=250
    )
    tiebreaks = models.JSONField(_("tie-breaks"), default=list, blank=True)
    pair_checked_in_only = models.BooleanField(
        _("pair only checked-in players in round 1"), default=True
    )
    withdrawn_last = models.BooleanField(
        _("rank withdrawn players last"),
        default=True,
        help_text=_("As TSH does: from the round after they withdraw, whatever their record."),
    )

    class Meta:
        ordering = ["tournament", "name"]
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="division_name_unique"),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="division_has_rounds"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – {self.name}"

    def is_changeable_by(self, user, action: str = CHANGE) -> bool:
        return self.tournament.is_changeable_by(user, action)


class Entry(models.Model):
    """A player's place in a division: their number, rating at entry and registration status."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        PAID = "paid", _("Paid")
        CHECKED_IN = "checked_in", _("Checked in")

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField(_("player number"))
    rating = models.IntegerField(_("rating at entry"), default=0)
    status = models.CharField(
        _("registration"), max_length=16, choices=Status.choices, default=Status.REGISTERED
    )
    payment_note = models.CharField(_("payment note"), max_length=200, blank=True)
    joins_at_round = models.PositiveSmallIntegerField(_("joins at round"), default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"), null=True, blank=True
    )
    starting_wins = models.DecimalField(
        _("starting wins"), max_digits=5, decimal_places=1, default=0
    )
    starting_losses = models.DecimalField(
        _("starting losses"), max_digits=5, decimal_places=1, default=0
    )
    starting_spread = models.IntegerField(_("starting spread"), default=0)
    fixed_table = models.PositiveSmallIntegerField(
        _("fixed table"),
        null=True,
        blank=True,
        help_text=_("Always seat this player at this table (for example for accessibility)."),
    )
    # What a TSH import read and this site does not model (original name and rating text, tags
    # such as newr, team, class, rrank), written back unchanged on export.
    tsh_fields = models.JSONField(_("TSH fields"), default=dict, blank=True)

    class Meta:
        ordering = ["division", "number"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["division", "player"], name="entry_player_once"),
            models.UniqueConstraint(fields=["division", "number"], name="entry_number_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.player}"

    def is_active_in(self, round_number: int) -> bool:
        if round_number < self.joins_at_round:
            return False
        return self.withdrawn_after_round is None or round_number <= self.withdrawn_after_round


class Round(models.Model):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    system = models.CharField(_("pairing system"), max_length=32, blank=True)
    based_on_round = models.PositiveSmallIntegerField(
        _("paired on standings after round"), null=True, blank=True
    )
    seed = models.BigIntegerField(_("random seed"), default=0)
    paired_at = models.DateTimeField(_("paired"), null=True, blank=True)

    class Meta:
        ordering = ["division", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.division} R{self.number}"


class Pairing(models.Model):
    """One table in one round: who plays whom, who goes first, and the result once reported."""

    class Kind(models.TextChoices):
        PLAYED = "played", _("Played")
        BYE = "bye", _("Bye")
        FORFEIT = "forfeit", _("Forfeit")
        DOUBLE_FORFEIT = "double_forfeit", _("Double forfeit")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    first = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", verbose_name=_("first player")
    )
    second = models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("second player"),
    )
    sides_drawn = models.BooleanField(_("first player drawn at random"), default=False)
    # False when nobody knows who went first (TSH p12 3 or 4, or no p12 at all).
    sides_known = models.BooleanField(_("first player known"), default=True)
    kind = models.CharField(
        _("result kind"), max_length=16, choices=Kind.choices, default=Kind.PLAYED
    )
    first_score = models.IntegerField(_("first player's score"), null=True, blank=True)
    second_score = models.IntegerField(_("second player's score"), null=True, blank=True)
    forfeited_by = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    version = models.PositiveIntegerField(default=0)
    reported_at = models.DateTimeField(_("reported"), null=True, blank=True)

    class Meta:
        ordering = ["round", "table", "id"]
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        constraints = [
            models.CheckConstraint(
                condition=Q(second__isnull=True) | ~Q(first=models.F("second")),
                name="pairing_distinct_players",
            ),
            models.CheckConstraint(
                condition=~Q(kind="played")
                | (
                    (Q(first_score__isnull=True) | Q(first_score__gte=0))
                    & (Q(second_score__isnull=True) | Q(second_score__gte=0))
                ),
                name="pairing_played_scores_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} T{self.table}: {self.first} v {self.second or '—'}"

    @property
    def is_reported(self) -> bool:
        return self.kind != self.Kind.PLAYED or (
            self.first_score is not None and self.second_score is not None
        )


class FixedPairing(models.Model):
    """A director's pin: these two entries play each other in this round of the division."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="fixed_pairings")
    round_number = models.PositiveSmallIntegerField(_("round"))
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["division", "round_number", "id"]
        verbose_name = _("fixed pairing")
        verbose_name_plural = _("fixed pairings")
        constraints = [
            models.CheckConstraint(
                condition=~Q(first=models.F("second")), name="fixed_pairing_distinct_players"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.division} R{self.round_number}: {self.first} v {self.second}"


from .models_reports import PrizeBand, ScoreReport  # noqa: E402,F401
