"""The prize rules of a division, as the pure core's ``PrizeRule``s.

Holders are never stored: they follow from the standings and results every time (``stats.
award_prizes``), so a corrected result moves a prize without anyone remembering to.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.utils.translation import gettext as _

from tournaments.results.handicap import HandicapScore, days_by_date, handicap_scores
from tournaments.results.prize_money import MoneyError, read_amounts
from tournaments.results.prize_settings import PrizeSettings, settings_from_json
from tournaments.results.prizes import Band, Field, Prize, award
from tournaments.results.stats import PrizeKind, PrizeRule

from ..models import Division, PrizeBand
from .divisions import division_results


def default_prize_rules(division: Division) -> list[PrizeRule]:
    """Without prize bands: the division's prize places by rank, and the usual game prizes."""
    return [
        PrizeRule(-1, PrizeKind.RANK, _("Place"), places=division.prize_places),
        PrizeRule(-2, PrizeKind.HIGH_GAME, _("High game")),
        PrizeRule(-3, PrizeKind.HIGH_LOSS, _("High loss")),
        PrizeRule(-4, PrizeKind.HIGH_WIN, _("High win")),
        PrizeRule(-5, PrizeKind.HIGH_COMBINED, _("High combined")),
        PrizeRule(-6, PrizeKind.UPSET, _("Biggest upset")),
    ]


def band_rule(band: PrizeBand) -> PrizeRule:
    return PrizeRule(
        band.pk,
        PrizeKind(band.kind),
        f"{band.label} ({band.amount})" if band.amount else band.label,
        places=band.places,
        rating_low=band.rating_low,
        rating_high=band.rating_high,
    )


def prize_rules(division: Division) -> list[PrizeRule]:
    """The division's prize bands as rules (1 query), or the defaults when it has none."""
    bands = list(division.prize_bands.all())
    return [band_rule(b) for b in bands] if bands else default_prize_rules(division)


# The prize engine (``results.prizes``): bands with money, trophies and one prize per player.


def division_prize_settings(division: Division) -> PrizeSettings:
    """The division's prize settings (stored checked; defaults for anything not set)."""
    return settings_from_json(division.prize_settings)


def _amounts(band: PrizeBand, unit) -> tuple[Decimal, ...]:
    """The band's money under the division's unit. The services never store money that does
    not read; money that does not (only from a hand-edited archive) pays nothing rather than
    breaking the page."""
    try:
        return read_amounts(band.money, unit, band.places)
    except MoneyError:
        return ()


def band_of(band: PrizeBand, unit) -> Band:
    """A stored band as the engine's ``Band`` (its money read under the division's unit)."""
    return Band(
        key=band.pk,
        kind=PrizeKind(band.kind),
        label=band.label,
        places=band.places,
        money=_amounts(band, unit),
        trophy=band.trophy,
        exclusive=band.exclusive,
        rating_low=band.rating_low,
        rating_high=band.rating_high,
    )


def default_bands(division: Division) -> list[Band]:
    """Without prize bands: the default rules (places and the usual game prizes), no money."""
    return [
        Band(rule.key, rule.kind, rule.label, rule.places) for rule in default_prize_rules(division)
    ]


@dataclass
class DivisionPrizes:
    """Everything the prize page and the prize printouts show."""

    division: Division
    settings: PrizeSettings
    bands: list[Band]
    stored: dict[int, PrizeBand]
    prizes: list[Prize]
    names: dict[int, str]
    handicaps: dict[int, HandicapScore] = field(default_factory=dict)

    @property
    def paid(self) -> Decimal:
        return sum((s for p in self.prizes for s in p.shares), Decimal(0))

    @property
    def kept(self) -> Decimal:
        return sum((p.kept for p in self.prizes), Decimal(0))

    def of_band(self, key: int) -> list[Prize]:
        return [p for p in self.prizes if p.band == key]


def _days(division: Division, settings: PrizeSettings) -> tuple[tuple[int, ...], ...]:
    """The days of the handicap bonus: the setting, or the rounds started on the same date (in
    the event's time zone; a round not started is in no day). One query in the second case."""
    if settings.handicap.days:
        return settings.handicap.days
    zone = division.tournament.zone
    started = division.round_set.values_list("number", "started_at")
    return days_by_date(
        {n: None if at is None else at.astimezone(zone).date() for n, at in started}
    )


def division_prizes(division: Division) -> DivisionPrizes:
    """Every prize of ``division`` with its holders and money, from the standings rows (the
    bands, the entries, the pairings, and the rounds' dates when handicap days follow them:
    four queries at most, whatever the field size)."""
    settings = division_prize_settings(division)
    stored = {band.pk: band for band in division.prize_bands.all()}
    unit = settings.money.unit
    bands = [band_of(b, unit) for b in stored.values()] or default_bands(division)
    found = division_results(division)
    handicaps: dict[int, HandicapScore] = {}
    if any(band.kind is PrizeKind.HANDICAP for band in bands):
        rules = replace(settings.handicap, days=_days(division, settings))
        grades = {entry.number: entry.grade for entry in found.entries}
        handicaps = handicap_scores(grades, [*found.starting, *found.results], rules)
    rows = found.standings()
    field_ = Field(rows, found.results, handicaps, settings.tie_by)
    prizes = award(bands, field_, settings.money)
    names = {p.number: p.name for p in found.players}
    return DivisionPrizes(division, settings, bands, stored, prizes, names, handicaps)
