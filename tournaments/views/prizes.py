"""A division's prizes with their current holders and money; directors add and remove bands
and set the division's prize settings (money rules, ties, handicap).

Holders are never stored (see services.prizes): the page works them out from the standings
rows with the prize engine (``selectors.prizes.division_prizes``), as the prize printouts do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from core.messages import translated
from core.permissions import RESULTS, may_change
from printouts.registry import reports
from tournaments.results.prize_money import fmt_money
from tournaments.results.prizes import Band, Prize

from ..forms.prizes import PrizeBandForm, PrizeSettingsForm
from ..models import Division, PrizeBand
from ..prize_texts import band_label, prize_rule_sentences
from ..selectors.held import NOTHING_HELD
from ..selectors.prizes import DivisionPrizes, division_prize_settings, division_prizes
from ..services.prizes import (
    MoneyRefused,
    PlacesRefused,
    PrizeRefused,
    prize_band_create,
    prize_band_delete,
    prize_settings_update,
)
from .divisions import changeable_division, division_url, held_from, visible_division
from .public import player_url

PRINTOUTS = ("prize-list", "prize-certificates")


@dataclass
class Holder:
    """One player of a prize: name, page, money (text, empty: none) and trophy."""

    name: str
    url: str
    money: str
    trophy: str


@dataclass
class PrizeLine:
    """One band of the page, the stored band behind it (None for a default) and its prizes,
    each as (prize, [Holder, ...])."""

    band: Band
    stored: PrizeBand | None
    money: str
    label: str  # the band's label in the reader's language (``prize_texts.band_label``)
    # (prize, its holders, what rounding left to the organiser as text: empty for nothing)
    holders: list[tuple[Prize, list[Holder], str]] = field(default_factory=list)


def _money(value: Decimal, currency: str) -> str:
    return fmt_money(value, currency) if value else ""


def prize_lines(found: DivisionPrizes) -> list[PrizeLine]:
    """Every band in the director's order, with who holds it now and what they receive."""
    division, currency = found.division, found.settings.currency
    lines = []
    for band in found.bands:
        stored, money = found.stored.get(band.key), _band_money(band, currency)
        line = PrizeLine(band, stored, money, band_label(band))
        for prize in found.of_band(band.key):
            holders = [
                Holder(found.names.get(n, "?"), player_url(division, n), _money(s, currency), t)
                for n, s, t in zip(prize.players, prize.shares, prize.trophies, strict=True)
            ]
            line.holders.append((prize, holders, _money(prize.kept, currency)))
        lines.append(line)
    return lines


def _band_money(band: Band, currency: str) -> str:
    return ", ".join(fmt_money(a, currency) for a in band.money)


def _settings_initial(division: Division) -> dict:
    return division_prize_settings(division).to_json()


def _page(request, division: Division, form=None, settings_form=None, *, status: int = 200):
    can_change = may_change(request.user, division)
    can_enter_results = can_change or may_change(request.user, division, RESULTS)
    if can_change:
        form = form or PrizeBandForm()
        settings_form = settings_form or PrizeSettingsForm(initial=_settings_initial(division))
    found = division_prizes(
        division, NOTHING_HELD if can_enter_results else held_from(request, division)
    )
    lines = prize_lines(found)
    currency = found.settings.currency
    return render(
        request,
        "tournaments/prizes.html",
        {
            "tournament": division.tournament,
            "division": division,
            "lines": lines,
            "has_bands": bool(found.stored),
            "rules": prize_rule_sentences(found.settings),
            "paid": _money(found.paid, currency),
            "kept": _money(found.kept, currency),
            "handicaps": _handicap_lines(found),
            "handicap_waits": found.handicap_waits,
            "form": form if can_change else None,
            "settings_form": settings_form if can_change else None,
            "can_change": can_change,
            "can_enter_results": can_enter_results,
            "printouts": [
                r for r in reports() if r.name in PRINTOUTS and (r.public or can_enter_results)
            ],
        },
        status=status,
    )


def _points(value: Decimal) -> str:
    return f"{value.normalize():f}"


def _handicap_lines(found: DivisionPrizes) -> list[tuple]:
    """(name, grade, base, wins, ties, days won outright, score) of every player with a
    handicap score, best first."""
    ordered = sorted(found.handicaps.values(), key=lambda h: (-h.total, h.player))
    return [
        (
            found.names.get(h.player, "?"),
            h.grade,
            _points(h.base),
            h.wins,
            h.ties,
            ", ".join(map(str, h.perfect_days)),
            _points(h.total),
        )
        for h in ordered
    ]


@require_safe
def prizes(request, tournament_slug: str, division_name: str):
    """The prizes, their holders and money; directors also get the forms and buttons."""
    division = visible_division(request, tournament_slug, division_name)
    return _page(request, division)


@login_required
@require_POST
def prize_add(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    form = PrizeBandForm(request.POST)

    def add() -> str:
        band = prize_band_create(by=request.user, division=division, **form.cleaned_data)
        return _("Prize “%(label)s” added.") % {"label": band.label}

    return _saved(request, division, form, add) or _page(request, division, form, status=422)


def _saved(request, division: Division, form, save: Callable[[], str]) -> HttpResponse | None:
    """For a valid form, ``save`` (which returns its success message) and a redirect back to
    the prizes page; None, with the refusal on the form, when the form or the service says no."""
    if form.is_valid():
        try:
            message = save()
        except (ValidationError, PrizeRefused) as err:
            _add_errors(form, err)
        else:
            messages.success(request, message)
            return redirect(division_url(division, "prizes"))
    return None


REFUSED_FIELDS = {PlacesRefused: "places", MoneyRefused: "money"}


def _add_errors(form, err: ValidationError | PrizeRefused) -> None:
    if isinstance(err, PrizeRefused):
        form.add_error(REFUSED_FIELDS.get(type(err)), translated(err))
    elif hasattr(err, "error_dict"):
        for name, errors in err.message_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, err.messages)


@login_required
@require_POST
def prize_delete(request, tournament_slug: str, division_name: str, band_id: int):
    division = changeable_division(request, tournament_slug, division_name)
    band = get_object_or_404(PrizeBand, pk=band_id, division=division)
    prize_band_delete(by=request.user, band=band)
    messages.success(request, _("Prize “%(label)s” removed.") % {"label": band.label})
    return redirect(division_url(division, "prizes"))


@login_required
@require_POST
def prize_settings(request, tournament_slug: str, division_name: str):
    """The division's money rules, ties and handicap rules."""
    division = changeable_division(request, tournament_slug, division_name)
    form = PrizeSettingsForm(request.POST)

    def save() -> str:
        prize_settings_update(by=request.user, division=division, settings=form.settings_json())
        return _("Prize settings saved.")

    saved = _saved(request, division, form, save)
    return saved or _page(request, division, settings_form=form, status=422)
