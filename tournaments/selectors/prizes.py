"""A division's prizes: its bands and settings read for the pure prize engine
(``results.prizes``), and every prize with its holders and money.

Holders are never stored: they follow from the standings and results every time, so a
corrected result moves a prize without anyone remembering to. The prize page, the prize list
and certificates, the final report and the public statistics page all list them from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.utils.translation import gettext_noop

from tournaments.results.handicap import HandicapScore, days_by_date, grades_set, handicap_scores
from tournaments.results.prize_money import MoneyError, read_amounts
from tournaments.results.prize_settings import PrizeSettings, settings_from_json
from tournaments.results.prizes import Band, Field, Prize, award
from tournaments.results.standings import StandingRow
from tournaments.results.stats import Award, PrizeKind

from ..models import Division, PrizeBand
from .divisions import division_results
from .held import NOTHING_HELD

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
    """Without prize bands: the division's prize places and the usual game prizes, no money
    (negative keys: their labels are msgids, shown in the reader's language by
    ``prize_texts.band_label`` and ``prize_texts.award_label``)."""
    return [
        Band(-1, PrizeKind.RANK, gettext_noop("Place"), places=division.prize_places),
        Band(-2, PrizeKind.HIGH_GAME, gettext_noop("High game")),
        Band(-3, PrizeKind.HIGH_LOSS, gettext_noop("High loss")),
        Band(-4, PrizeKind.HIGH_WIN, gettext_noop("High win")),
        Band(-5, PrizeKind.HIGH_COMBINED, gettext_noop("High combined")),
        Band(-6, PrizeKind.UPSET, gettext_noop("Biggest upset")),
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
    # A handicap band waits: no entry's grade has base points yet, so nobody holds it.
    handicap_waits: bool = False

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


def division_prizes(division: Division, held: frozenset[int] = NOTHING_HELD) -> DivisionPrizes:
    """Every prize of ``division`` with its holders and money (the bands, the entries, the
    pairings, and the rounds' dates when handicap days follow them: four queries at most,
    whatever the field size); the results ``held`` back by a broadcast delay not counted."""
    found = division_results(division, held)
    grades = {entry.number: entry.grade for entry in found.entries}
    return prizes_from(division, found, found.standings(), grades)


def prizes_from(
    division: Division, found, rows: list[StandingRow], grades: dict[int, str] | None = None
) -> DivisionPrizes:
    """Every prize of ``division`` from results already read (``found``: ``DivisionResults`` or
    ``DivisionRows``) and the standings ``rows`` they count for (the play-off's places, which
    no prize tie shares, read from ``found`` too). ``grades`` (entry number to grade) are read
    here, one query, only when a handicap band needs them."""
    settings = division_prize_settings(division)
    stored = {band.pk: band for band in division.prize_bands.all()}
    unit = settings.money.unit
    bands = [band_of(b, unit) for b in stored.values()] or default_bands(division)
    handicaps: dict[int, HandicapScore] = {}
    waits = False
    if any(band.kind is PrizeKind.HANDICAP for band in bands):
        if grades is None:
            grades = dict(division.entries.values_list("number", "grade"))
        waits = not grades_set(grades, settings.handicap)
        if not waits:
            rules = replace(settings.handicap, days=_days(division, settings))
            # The starting shares the standings count, each in no day (round 0): a late
            # entry's starting result is paid at the plain rate (``results.handicap``).
            starting = [row._replace(round=0) for row in found.starting]
            handicaps = handicap_scores(grades, [*starting, *found.results], rules)
    playoff = {place.number: place.place for place in found.playoff_places()}
    field_ = Field(
        rows, found.results, handicaps, settings.tie_by, playoff, division.withdrawn_last
    )
    prizes = award(bands, field_, settings.money)
    names = {p.number: p.name for p in found.players}
    return DivisionPrizes(division, settings, bands, stored, prizes, names, handicaps, waits)


def awards_of(prizes: DivisionPrizes) -> list[Award]:
    """Each prize's holders as the public pages keep them: the band's label (with the amount
    typed on it, if any), the first place the holders take, and the figure they hold it by."""

    def label(prize: Prize) -> str:
        band = prizes.stored.get(prize.band)
        if band is not None and band.amount:
            return f"{band.label} ({band.amount})"
        return prize.label

    return [Award(p.band, label(p), p.first, p.players, p.figure) for p in prizes.prizes]
