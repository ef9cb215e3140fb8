"""A division's playoff: the public bracket page, its JSON feed, and the director's page that
starts the playoff, pairs its next games and cancels it (``services.playoffs``).

The feed, ``/t/<slug>/<division>/playoff.json``, is for scoreboards like ``feed.json``:
``{"tournament": {"name", "slug"}, "division": {"name"}, "settings": {"top", "best_of",
"final_best_of", "advantage", "third_place", "after_round"}, "finished": bool,
"levels": [{"title", "series": [{"key", "title", "best_of", "bye", "decided",
"high": {"seed", "number", "name", "wins", "won"} | null, "low": {...} | null,
"games": [{"round", "table", "first", "second", "score"}]}]}], "third_place": {series} | null,
"places": [{"place", "number", "name", "seed", "settled"}]}``. ``wins`` is text ("1½" style as
the pages write it); a side is null while not known yet; ``settled`` says whether a place can
still change.
"""

from __future__ import annotations

from dataclasses import asdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.messages import translated
from core.permissions import may_change

from ..forms.playoffs import PlayoffForm
from ..playoff_text import game_score, level_title, series_title
from ..selectors.playoffs import PlayoffView, SeriesView, playoff_view
from ..services import playoffs
from ..services.divisions import DivisionRefused
from .divisions import changeable_division, division_url, held_from, visible_division
from .public import cached_division_page, player_urls


def _visible_playoff(request, tournament_slug: str, division_name: str):
    """The division this visitor may see and its playoff as they see it, or ``Http404`` (no such
    division, or one without a playoff)."""
    division = visible_division(request, tournament_slug, division_name)
    view = playoff_view(division, held_from(request, division))
    if view is None:
        raise Http404
    return division, view


@require_safe
@cached_division_page
def playoff(request, tournament_slug: str, division_name: str):
    """The bracket as lists and tables (each series a small table), and the places."""
    division, view = _visible_playoff(request, tournament_slug, division_name)
    return render(
        request,
        "tournaments/playoff.html",
        {
            "tournament": division.tournament,
            "division": division,
            "view": view,
            "places": place_links(division, view),
            "can_change": may_change(request.user, division),
            "public_page": not request.user.is_authenticated,
        },
    )


@require_safe
@cached_division_page
def playoff_feed(request, tournament_slug: str, division_name: str):
    division, view = _visible_playoff(request, tournament_slug, division_name)
    response = JsonResponse(feed_data(division, view), json_dumps_params={"ensure_ascii": False})
    response["Access-Control-Allow-Origin"] = "*"
    return response


def place_links(division, view: PlayoffView | None) -> list[tuple]:
    """The places with each player's public page."""
    url_of = player_urls(division)
    return [(p, name, url_of(p.number)) for p, name in view.places] if view else []


def feed_data(division, view: PlayoffView) -> dict:
    stage = view.stage
    return {
        "tournament": {"name": division.tournament.name, "slug": division.tournament.slug},
        "division": {"name": division.name},
        "settings": {
            "top": stage.top,
            "best_of": stage.best_of,
            "final_best_of": stage.final_games,
            "advantage": stage.advantage,
            "third_place": stage.third_place,
            "after_round": stage.after_round,
        },
        "finished": view.finished,
        "levels": [
            {"title": level_title(title), "series": [_series(s) for s in matches]}
            for title, matches in view.levels
        ],
        "third_place": _series(view.third) if view.third else None,
        "places": [
            {
                "place": p.place,
                "number": p.number,
                "name": name,
                "seed": p.seed,
                "settled": p.settled,
            }
            for p, name in view.places
        ],
    }


def _series(series: SeriesView) -> dict:
    """A series as the feed has always written it: its title and each game's score in words."""
    games = [
        {"round": g.round, "table": g.table, "first": g.first, "second": g.second}
        for g in series.games
    ]
    for game, shown in zip(games, series.games, strict=True):
        game["score"] = game_score(shown)
    return asdict(series) | {"title": series_title(series.title), "games": games}


@login_required
@require_http_methods(["GET", "POST"])
def playoff_manage(request, tournament_slug: str, division_name: str):
    """Start the playoff (the form), pair its next games, or cancel it (``action``)."""
    division = changeable_division(request, tournament_slug, division_name)
    form = PlayoffForm(request.POST if request.method == "POST" and not division.playoff else None)
    if request.method == "POST":
        had_stage = bool(division.playoff)
        try:
            if _act(request, division, form):
                return redirect(division_url(division, "playoff_manage"))
        except DivisionRefused as err:
            if had_stage:
                messages.error(request, translated(err))
                return redirect(division_url(division, "playoff_manage"))
            form.add_error(None, translated(err))
    status = 422 if form.errors else 200
    view = playoff_view(division)
    return render(
        request,
        "tournaments/playoff_manage.html",
        {
            "tournament": division.tournament,
            "division": division,
            "view": view,
            "places": place_links(division, view),
            "form": None if division.playoff else form,
            "can_change": True,
        },
        status=status,
    )


def _act(request, division, form: PlayoffForm) -> bool:
    action = request.POST.get("action")
    if division.playoff and action == "next":
        rnd = playoffs.playoff_pair_next(by=request.user, division=division)
        messages.success(request, _("Playoff round %(round)d paired.") % {"round": rnd.number})
        return True
    if division.playoff and action == "cancel":
        playoffs.playoff_cancel(by=request.user, division=division)
        messages.success(request, _("Playoff cancelled."))
        return True
    if division.playoff or not form.is_valid():
        return False
    rnd = playoffs.playoff_create(by=request.user, division=division, **form.cleaned_data)
    messages.success(request, _("Playoff started: round %(round)d paired.") % {"round": rnd.number})
    return True
