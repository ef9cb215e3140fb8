"""Hall screens: the latest pairings by name on a big screen, turning its pages by itself
(``static/desk/hall.js`` opens the next page; ``?still=1`` stops it), and the games still
missing a result on the director's desk, refreshing itself."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_safe

from core.permissions import RESULTS

from ..selectors import hall
from .divisions import changeable_division, visible_division
from .events import visible_tournament

PAGE_SECONDS = 12
MISSING_SECONDS = 20
MAX_PAGE = 10_000


def _page_number(request) -> int:
    value = request.GET.get("page", "1")
    if value.isascii() and value.isdigit() and len(value) <= 5:
        return min(int(value), MAX_PAGE)
    return 1


def _still(request) -> bool:
    """``?still=1``: the screen stays on its page (WCAG 2.2.1: timing the reader can stop)."""
    return request.GET.get("still") == "1"


@require_safe
def hall_pairings(request, tournament_slug: str, division_name: str):
    """The division's latest pairings by name, one screenful at a time."""
    division = visible_division(request, tournament_slug, division_name)
    page = hall.hall_page(division, _page_number(request))
    context = {
        "tournament": division.tournament,
        "division": division,
        "hall": page,
        "refresh_seconds": PAGE_SECONDS,
        "still": _still(request),
    }
    return render(request, "tournaments/hall/pairings.html", context)


@require_safe
def event_hall_pairings(request, tournament_slug: str):
    """Every division's latest pairings by name on one screen (a hall seating several)."""
    tournament = visible_tournament(request, tournament_slug)
    page = hall.event_hall_page(tournament, _page_number(request))
    context = {
        "tournament": tournament,
        "hall": page,
        "refresh_seconds": PAGE_SECONDS,
        "still": _still(request),
    }
    return render(request, "tournaments/hall/pairings.html", context)


@login_required
@require_safe
def hall_missing(request, tournament_slug: str, division_name: str):
    """The director's desk: every game up to the latest round still waiting for a result."""
    division = changeable_division(request, tournament_slug, division_name, RESULTS)
    missing = hall.missing_games(division)
    context = {
        "tournament": division.tournament,
        "division": division,
        "round_number": missing.round_number,
        "by_round": missing.by_round,
        "games": missing.games,
        "refresh_seconds": MISSING_SECONDS,
        "still": _still(request),
    }
    return render(request, "tournaments/hall/missing.html", context)
