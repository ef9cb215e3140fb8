"""Pair the next round of every ready division of an event as one action: the page lists each
division's state, a confirmed POST pairs them (``services.pair_all``), and the page then says
what was done to each division (kept in the session for the one page after the POST)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ..models import Tournament
from ..pair_all_text import outcome_line
from ..selectors.readiness import event_readiness
from ..services.pair_all import PAIRED, pair_all_divisions
from .events import directed_event


def _session_key(tournament: Tournament) -> str:
    return f"pair_all:{tournament.pk}"


@login_required
@require_http_methods(["GET", "POST"])
def pair_all(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    if request.method == "POST":
        if request.POST.get("confirm") != "on":
            messages.error(request, _("Tick the box to confirm, then pair."))
            return redirect("tournaments:pair_all", tournament_slug=tournament.slug)
        outcomes = [o.as_dict() for o in pair_all_divisions(by=request.user, tournament=tournament)]
        request.session[_session_key(tournament)] = outcomes
        paired = sum(o["state"] == PAIRED for o in outcomes)
        messages.success(
            request,
            _("%(paired)d of %(total)d divisions paired.")
            % {"paired": paired, "total": len(outcomes)},
        )
        return redirect("tournaments:pair_all", tournament_slug=tournament.slug)
    done = request.session.pop(_session_key(tournament), None) or []
    return render(
        request,
        "tournaments/pair_all.html",
        {
            "tournament": tournament,
            "readiness": event_readiness(tournament),
            "done": [(o["state"], outcome_line(o)) for o in done],
        },
    )
