"""A division's prize bands with their current holders; directors add and remove bands.

Holders are never stored (see services.prizes): the page works them out from the results with
``stats.award_prizes``, exactly as the public statistics page and the final report do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import prefetch_related_objects
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from core.permissions import RESULTS, may_change
from tournaments.results.stats import Award, PrizeRule, award_prizes, event_stats

from ..forms.events import PrizeBandForm
from ..models import Division, PrizeBand
from ..selectors.divisions import division_results
from ..selectors.prizes import prize_rules
from ..services.prizes import prize_band_create, prize_band_delete
from .divisions import changeable_division, division_url, visible_division
from .public import player_url


@dataclass
class PrizeLine:
    """One prize of the page: its rule, the band behind it (None for a default) and holders.

    ``holders`` is one (award, [(name, url), ...]) per place, several names when tied.
    """

    rule: PrizeRule
    band: PrizeBand | None
    holders: list[tuple[Award, list[tuple[str, str]]]] = field(default_factory=list)


def prize_lines(division: Division) -> list[PrizeLine]:
    """Every prize of the division in the director's order, with who holds it now."""
    prefetch_related_objects([division], "prize_bands")  # shared by prize_rules and the bands
    bands = {band.pk: band for band in division.prize_bands.all()}
    rules = prize_rules(division)
    results = division_results(division)
    stats = event_stats(results.players, results.results)
    names = {p.number: p.name for p in results.players}
    lines = {rule.key: PrizeLine(rule, bands.get(rule.key)) for rule in rules}
    for award in award_prizes(rules, results.standings(), stats):
        holders = [(names.get(n, "?"), player_url(division, n)) for n in award.players]
        lines[award.rule].holders.append((award, holders))
    return list(lines.values())


def _page(request, division: Division, form: PrizeBandForm | None, *, status: int = 200):
    can_change = form is not None
    lines = prize_lines(division)
    return render(
        request,
        "tournaments/prizes.html",
        {
            "tournament": division.tournament,
            "division": division,
            "lines": lines,
            "has_bands": any(line.band is not None for line in lines),
            "form": form,
            "can_change": can_change,
            "can_enter_results": can_change or may_change(request.user, division, RESULTS),
        },
        status=status,
    )


@require_safe
def prizes(request, tournament_slug: str, division_name: str):
    """The prizes and their current holders; directors also get the add and remove buttons."""
    division = visible_division(request, tournament_slug, division_name)
    form = PrizeBandForm() if may_change(request.user, division) else None
    return _page(request, division, form)


@login_required
@require_POST
def prize_add(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    form = PrizeBandForm(request.POST)
    if form.is_valid():
        try:
            band = prize_band_create(by=request.user, division=division, **form.cleaned_data)
        except ValidationError as err:
            form.add_error(None, err.messages)
        else:
            messages.success(request, _("Prize “%(label)s” added.") % {"label": band.label})
            return redirect(division_url(division, "prizes"))
    return _page(request, division, form, status=422)


@login_required
@require_POST
def prize_delete(request, tournament_slug: str, division_name: str, band_id: int):
    division = changeable_division(request, tournament_slug, division_name)
    band = get_object_or_404(PrizeBand, pk=band_id, division=division)
    prize_band_delete(by=request.user, band=band)
    messages.success(request, _("Prize “%(label)s” removed.") % {"label": band.label})
    return redirect(division_url(division, "prizes"))
