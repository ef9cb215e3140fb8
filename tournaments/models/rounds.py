"""Rounds, their pairings with results, and the pairs a director pinned in advance."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.model_fields import different
from pairing.registry import ROUND_TITLES
from tournaments.results import outcomes
from tournaments.results.result_entry import MIN_SCORE

from .entries import Entry
from .events import Division


def unreported_q(prefix: str = "") -> Q:
    """``outcomes.awaits_result`` as a filter, on pairings reached through ``prefix``
    (``"pairings__"`` from a round)."""
    return Q(**{f"{prefix}kind": outcomes.PLAYED}) & (
        Q(**{f"{prefix}first_score__isnull": True}) | Q(**{f"{prefix}second_score__isnull": True})
    )


class PairingQuerySet(models.QuerySet):
    def unreported(self) -> "PairingQuerySet":
        """Played games still waiting for a score."""
        return self.filter(unreported_q())

    def reported(self) -> "PairingQuerySet":
        """Everything with its result in: byes, forfeits and played games with both scores."""
        return self.exclude(unreported_q())


class Round(models.Model):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    system = models.CharField(_("pairing system"), max_length=32, blank=True)
    based_on_round = models.PositiveSmallIntegerField(
        _("paired on standings after round"), null=True, blank=True
    )
    seed = models.BigIntegerField(_("random seed"), default=0)
    paired_at = models.DateTimeField(_("paired"), null=True, blank=True)
    # Set when the director starts the round: the late-arrival forfeit counts from here.
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    # Why a logged system (COP) paired the round as it did: notes as {"kind", "params"}, shown
    # translated on the pairing page (``tournaments.cop_log``).
    pairing_log = models.JSONField(_("pairing log"), default=list, blank=True)

    class Meta:
        ordering = ["division", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.division} R{self.number}"

    @property
    def system_title(self) -> str:
        """The pairing system's name in the active language ("King of the hill" for koth)."""
        title = ROUND_TITLES.get(self.system)
        return gettext(title) if title else self.system


# How a result is audited: the actions of the log, and the fields each entry's snapshot keeps
# (the tie-break winner only when set, so results without a play-off word read as they always
# have). Read by the result service that writes them and the audit pages that read them back.
RESULT_ACTIONS = ("result.record", "result.clear", "result.undo")
RESULT_FIELDS = ("kind", "first_score", "second_score", "forfeited_by")
TIE_BREAK_WINNER = "playoff_winner"


def _seated_entry(verbose_name=None, *, optional: bool = True) -> models.ForeignKey:
    """One of the entries at a pairing's table: a result names it, so it is never deleted
    from under the pairing."""
    return models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        related_name="+",
        null=optional,
        blank=optional,
        verbose_name=verbose_name,
    )


class Pairing(models.Model):
    """One table in one round: who plays whom, who goes first, and the result once reported."""

    class Kind(models.TextChoices):
        PLAYED = "played", _("Played")
        BYE = "bye", _("Bye")
        FORFEIT = "forfeit", _("Forfeit")
        DOUBLE_FORFEIT = "double_forfeit", _("Double forfeit")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    first = _seated_entry(_("first player"), optional=False)
    second = _seated_entry(_("second player"))
    sides_drawn = models.BooleanField(_("first player drawn at random"), default=False)
    # False when nobody knows who went first (TSH p12 3 or 4, or no p12 at all).
    sides_known = models.BooleanField(_("first player known"), default=True)
    kind = models.CharField(
        _("result kind"), max_length=16, choices=Kind.choices, default=Kind.PLAYED
    )
    first_score = models.IntegerField(_("first player's score"), null=True, blank=True)
    second_score = models.IntegerField(_("second player's score"), null=True, blank=True)
    forfeited_by = _seated_entry()
    # Who won a tied game, under rules that break ties: a play-off word, or who led before the
    # racks were counted (docs/RULES.md, Ties). The name keeps the play-off, its first use.
    playoff_winner = _seated_entry(_("play-off winner"))
    version = models.PositiveIntegerField(default=0)
    reported_at = models.DateTimeField(_("reported"), null=True, blank=True)

    objects = PairingQuerySet.as_manager()

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
                    (Q(first_score__isnull=True) | Q(first_score__gte=MIN_SCORE))
                    & (Q(second_score__isnull=True) | Q(second_score__gte=MIN_SCORE))
                ),
                # Rack deductions and overtime may take a score under 0 (result_entry.MIN_SCORE).
                name="pairing_played_scores_in_bounds",
            ),
            # What a pairing means is decided in tournaments/results/outcomes.py; these refuse every
            # combination that has no meaning there, so no reader ever has to guess.
            models.CheckConstraint(
                condition=(Q(kind__in=["played", "double_forfeit"]) & Q(second__isnull=False))
                | (Q(kind="bye") & Q(second__isnull=True))
                | Q(kind="forfeit"),
                name="pairing_opponent_fits_kind",
                violation_error_message=_(outcomes.OPPONENT_DOES_NOT_FIT_KIND),
            ),
            # Spelt with isnull: a comparison with NULL is unknown, which a CHECK lets through.
            models.CheckConstraint(
                condition=~Q(kind="forfeit")
                | Q(forfeited_by__isnull=False)
                & (
                    Q(forfeited_by=models.F("first"))
                    | Q(second__isnull=False) & Q(forfeited_by=models.F("second"))
                ),
                name="pairing_forfeit_names_a_player_of_it",
                violation_error_message=_(outcomes.NEEDS_FORFEITER),
            ),
            models.CheckConstraint(
                condition=Q(playoff_winner__isnull=True)
                | Q(kind="played")
                & Q(first_score=models.F("second_score"))
                & (Q(playoff_winner=models.F("first")) | Q(playoff_winner=models.F("second"))),
                name="pairing_playoff_only_on_a_tie",
                violation_error_message=_(outcomes.PLAYOFF_ONLY_ON_A_TIE),
            ),
            models.CheckConstraint(
                condition=Q(kind="forfeit") | Q(forfeited_by__isnull=True),
                name="pairing_forfeiter_only_on_forfeit",
                violation_error_message=_(outcomes.FORFEITER_WITHOUT_FORFEIT),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} T{self.table}: {self.first} v {self.second or '—'}"

    @property
    def is_reported(self) -> bool:
        return not outcomes.awaits_result(self.kind, self.first_score, self.second_score)


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
        constraints = [different("first", "second", name="fixed_pairing_distinct_players")]

    def __str__(self) -> str:
        return f"{self.division} R{self.round_number}: {self.first} v {self.second}"


def result_snapshot(pairing: Pairing) -> dict:
    """The result columns of a pairing as JSON, for audit entries and conflict screens."""
    found = {
        "kind": pairing.kind,
        "first_score": pairing.first_score,
        "second_score": pairing.second_score,
        "forfeited_by": pairing.forfeited_by_id,
        "reported_at": pairing.reported_at.isoformat() if pairing.reported_at else None,
        "version": pairing.version,
    }
    if pairing.playoff_winner_id is not None:
        found[TIE_BREAK_WINNER] = pairing.playoff_winner_id
    return found
