"""Events, the people who run them, and their divisions."""

import functools
import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.messages import translated
from core.model_fields import optional_link, span_holds, span_in_order
from core.permissions import CHANGE, RESULTS
from games.engine.rules import PRESETS, RuleSet, rules_from_dict

from ..regions import A4, LETTER
from ..results.prize_settings import SettingsError, checked_settings


def validate_prize_settings(value) -> None:
    """Prize settings every value of which ``results.prize_settings`` accepts."""
    try:
        checked_settings(value)
    except SettingsError as refusal:
        raise ValidationError(translated(refusal)) from None


@functools.cache
def known_time_zones() -> frozenset[str]:
    """Every IANA zone name the server knows (read once: it scans the zone files)."""
    return frozenset(zoneinfo.available_timezones())


def validate_time_zone(value: str) -> None:
    """An IANA time zone name the server knows (``zoneinfo``), such as Africa/Nairobi."""
    if value and value not in known_time_zones():
        raise ValidationError(
            _("“%(zone)s” is not a time zone; use a name such as Africa/Nairobi."),
            params={"zone": value},
        )


# The fields a director edits: what the services change and audit, and what an event archive
# writes and reads back (``archive/shape.py``).
TOURNAMENT_FIELDS = [
    "name",
    "slug",
    "start_date",
    "end_date",
    "venue",
    "rules_preset",
    "rules",
    "is_public",
    "language",
    "self_reporting",
    "club",
    "thai_buddhist_era",
    "country",
    "paper_size",
    "time_zone",
]

DIVISION_FIELDS = [
    "name",
    "rounds",
    "pairing_plan",
    "bye_spread",
    "forfeit_spread",
    "max_repeats",
    "gibsonize",
    "prize_places",
    "max_spread_per_round",
    "tiebreaks",
    "pair_checked_in_only",
    "withdrawn_last",
    "cop_settings",
    "avoid_team_rounds",
]


class TournamentQuerySet(models.QuerySet):
    def visible_to(self, user) -> "TournamentQuerySet":
        """The events ``user`` may see: ``core.permissions.tournament_visible_to`` as a query
        (public ones; private ones to staff, their directors and assistants and the officers of
        their club)."""
        if user is None or not user.is_authenticated or not user.is_active:
            return self.filter(is_public=True)
        if user.is_staff:
            return self
        roles = TournamentRole.objects.filter(tournament=OuterRef("pk"), user=user)
        return self.filter(Q(is_public=True) | Exists(roles) | Q(pk__in=_officered(user)))


def _officered(user):
    """The events of the clubs ``user`` is a current officer of, as ``Club.is_changeable_by``
    and ``MembershipQuerySet.current`` say (read through the relations: clubs sit beside)."""
    # One filter() call, so every condition is about the same membership.
    return Tournament.objects.filter(
        Q(club__memberships__player__user=user)
        & Q(club__memberships__role="officer")
        & span_holds("club__memberships__since", "club__memberships__until", timezone.localdate())
    ).values("pk")


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=160)
    slug = models.SlugField(_("slug"), unique=True, allow_unicode=True)
    start_date = models.DateField(_("first day"), null=True, blank=True)
    end_date = models.DateField(_("last day"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    rules_preset = models.CharField(_("rule set"), max_length=32, default="naspa")
    rules = models.JSONField(_("rule set details"), default=dict, blank=True)
    is_public = models.BooleanField(_("public"), default=True)
    # Its public pages and printouts read in this language unless the reader chose another.
    language = models.CharField(
        _("language"),
        max_length=16,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("For its public pages and printouts; blank: the reader's own language."),
    )
    # Where it is played: a new event takes its paper size and time zone from it (regions.py).
    country = models.CharField(
        _("country"),
        max_length=2,
        blank=True,
        validators=[RegexValidator(r"^[A-Z]{2}$", _("A two-letter country code, such as TH."))],
        help_text=_("Two-letter code, such as TH, KE or CA."),
    )
    paper_size = models.CharField(
        _("paper size"),
        max_length=8,
        choices=[(A4, _("A4")), (LETTER, _("US Letter"))],
        default=A4,
        help_text=_("Every printout of the event is laid out for it."),
    )
    # An IANA name; blank: the site's zone (settings.TIME_ZONE), as before events had one.
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        blank=True,
        validators=[validate_time_zone],
        help_text=_("Every time shown for the event is in this zone, such as Asia/Bangkok."),
    )
    self_reporting = models.BooleanField(_("players may report their scores"), default=False)
    # Thai documents count years in the Buddhist era (Gregorian + 543). None: automatic, on for
    # a Thai-language event (``buddhist_era``); dates in other languages are never changed.
    thai_buddhist_era = models.BooleanField(
        _("Buddhist-era years in Thai"),
        null=True,
        blank=True,
        default=None,
        help_text=_("Dates read in Thai show the year as 2569 rather than 2026."),
    )
    finalized_at = models.DateTimeField(_("finalized"), null=True, blank=True)
    club = optional_link("clubs.Club", on_delete=models.SET_NULL, related_name="tournaments")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [span_in_order("start_date", "end_date", name="tournament_dates_in_order")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"tournament_slug": self.slug})

    @property
    def buddhist_era(self) -> bool:
        """Whether this event's dates, read in Thai, count years in the Buddhist era."""
        if self.thai_buddhist_era is None:
            return self.language == "th"
        return self.thai_buddhist_era

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        """The event's time zone (the site's when it has none)."""
        return zoneinfo.ZoneInfo(self.time_zone or settings.TIME_ZONE)

    def rule_set(self) -> RuleSet:
        """The event's rules: its preset with its changes (the divisions' unless they differ)."""
        return stored_rule_set(self.rules_preset, self.rules)

    def is_changeable_by(self, user, action: str = CHANGE) -> bool:
        roles = self.roles.filter(user=user)
        if action == RESULTS:
            return roles.exists() or self._club_officer(user)
        return roles.filter(role=TournamentRole.Role.DIRECTOR).exists() or self._club_officer(user)

    def _club_officer(self, user) -> bool:
        return self.club_id is not None and self.club.is_changeable_by(user)


def stored_rule_set(preset: str, changes: dict | None) -> RuleSet:
    """A stored preset name and changes as a rule set (the services checked them on saving)."""
    return rules_from_dict(changes or {}, base=PRESETS.get(preset, RuleSet()))


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
    # Players may check themselves in from their personal link while this is on.
    check_in_open = models.BooleanField(_("self check-in open"), default=False)
    withdrawn_last = models.BooleanField(
        _("rank withdrawn players last"),
        default=True,
        help_text=_("As TSH does: from the round after they withdraw, whatever their record."),
    )
    # TSH's team avoidance: rounds 1..N never pair two players of the same team (family, school)
    # when the field allows it; 0: never avoided.
    avoid_team_rounds = models.PositiveSmallIntegerField(
        _("keep team-mates apart for the first rounds"),
        default=0,
        help_text=_("Team-mates (or family) are not paired in rounds 1 to this number; 0: off."),
    )
    # Only the COP settings a director changed (``pairing.cop.settings.to_json``); the rest keep
    # TSH's defaults, so a better default later reaches divisions that never chose.
    cop_settings = models.JSONField(_("COP settings"), default=dict, blank=True)
    # Empty preset: the division plays under its event's rules. Otherwise a preset and the
    # fields that differ from it (``services.rules.division_rules_update`` writes both).
    rules_preset = models.CharField(
        _("rule set"), max_length=32, blank=True, help_text=_("Empty: the event's rule set.")
    )
    rules = models.JSONField(_("rule set details"), default=dict, blank=True)
    # The playoff stage after the preliminary rounds (``results.playoffs.Stage.to_json``; empty:
    # none). Written only by ``services.playoffs``; its games are the rounds after its
    # ``after_round``.
    playoff = models.JSONField(_("playoff"), default=dict, blank=True)
    # Money rules, ties and handicap rules of its prizes (``results.prize_settings``), written
    # by ``services.prizes.prize_settings_update``.
    prize_settings = models.JSONField(
        _("prize settings"), default=dict, blank=True, validators=[validate_prize_settings]
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

    @property
    def inherits_rules(self) -> bool:
        return not self.rules_preset

    def stored_rules(self) -> tuple[str, dict]:
        """The preset and changes of the rules in force: the division's own, else its event's."""
        if self.inherits_rules:
            return self.tournament.rules_preset, dict(self.tournament.rules or {})
        return self.rules_preset, dict(self.rules or {})

    def rule_set(self) -> RuleSet:
        """The rules this division plays under: its own if it has them, else its event's.
        The one answer for scoresheets, result checks, late forfeits and the rules sheet."""
        return stored_rule_set(*self.stored_rules())
