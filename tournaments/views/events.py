from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.permissions import (
    CHANGE,
    RESULTS,
    may_change,
    may_create_tournaments,
    require_change,
    require_tournament_creation,
    tournament_visible_to,
)

from ..forms.events import TournamentCreateForm, TournamentForm
from ..models import Division, Tournament
from ..rule_texts import rules_context
from ..selectors.restore_points import recent_points
from ..services import events as services


def visible_tournament(request, tournament_slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=tournament_slug)
    if not tournament_visible_to(request.user, tournament):
        raise Http404
    return tournament


def directed_event(request, tournament_slug: str, action: str = CHANGE) -> Tournament:
    """The event, for those who may do ``action`` in it (its directors and staff; assistants too
    for ``RESULTS``): a 404 when there is no such event, a 403 for everyone else."""
    tournament = get_object_or_404(Tournament, slug=tournament_slug)
    require_change(request.user, tournament, action)
    return tournament


@require_safe
def tournament_list(request):
    tournaments = Tournament.objects.visible_to(request.user)
    return render(
        request,
        "tournaments/tournament_list.html",
        {"tournaments": tournaments, "can_create": may_create_tournaments(request.user)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request):
    """An organiser starts an event and becomes its director."""
    require_tournament_creation(request.user)
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tournament = services.tournament_create(
            by=request.user, director=request.user, **form.cleaned_data
        )
        messages.success(request, _("Tournament created; add its divisions next."))
        return redirect(tournament)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@require_safe
def tournament_detail(request, tournament_slug: str):
    tournament = visible_tournament(request, tournament_slug)
    can_change = may_change(request.user, tournament)
    edit_url = reverse("tournaments:rules", args=[tournament.slug]) if can_change else None
    divisions = list(tournament.divisions.all())
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "divisions": divisions,
            "division_cards": [_division_card(d, tournament, can_change) for d in divisions],
            **rules_context(tournament.rule_set(), edit_url=edit_url),
            "can_change": can_change,
            "check_in_open": sum(d.check_in_open for d in divisions),
            "recent_points": _recent_points(tournament) if can_change else [],
            # CHANGE implies RESULTS; ask only when the answer is not already known.
            "can_enter_results": can_change or may_change(request.user, tournament, RESULTS),
        },
    )


def _recent_points(tournament: Tournament) -> list[tuple]:
    """The event's newest restore points, each with why it was taken in words."""
    return [(point, point.what) for point in recent_points(tournament)]


def _division_card(division: Division, tournament: Tournament, can_change: bool) -> dict:
    """A division on its event's page with the rules it plays under (its own or the event's)."""
    division.tournament = tournament  # read once for every division
    args = [tournament.slug, division.name]
    return {
        "division": division,
        **rules_context(
            division.rule_set(),
            edit_url=reverse("tournaments:division_rules", args=args) if can_change else None,
            sheet_url=reverse("tournaments:print", args=[*args, "rules"]),
        ),
    }


@login_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        tournament.refresh_from_db()
        services.tournament_update(by=request.user, tournament=tournament, **form.cleaned_data)
        messages.success(request, _("Saved."))
        return redirect(tournament)
    return render(
        request, "tournaments/tournament_form.html", {"form": form, "tournament": tournament}
    )
