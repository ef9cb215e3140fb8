"""The prize rules of a division, as the pure core's ``PrizeRule``s.

Holders are never stored: they follow from the standings and results every time (``stats.
award_prizes``), so a corrected result moves a prize without anyone remembering to.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.results.stats import PrizeKind, PrizeRule

from ..models import Division, PrizeBand


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
