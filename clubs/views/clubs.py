"""Club pages: the list, a club with its members and season, and the officers' forms."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.permissions import may_change, may_create_clubs, require_change, require_club_creation
from core.tablepages import configure_table
from ratings.selectors import club_ladder as ladder_rows
from tournaments.services.events import tournament_create

from .. import selectors, services
from ..forms import ClubForm, ClubSessionForm, ClubTournamentForm, MembershipForm, SeasonForm
from ..models import Club
from ..tables import ClubTable, MemberTable


def season_of(request) -> int:
    """The season asked for (?season=YYYY), this year by default."""
    form = SeasonForm(request.GET)
    if form.is_valid() and form.cleaned_data["season"] is not None:
        return form.cleaned_data["season"]
    return timezone.localdate().year


def club_life(club: Club, season: int, user) -> dict:
    """What the club page shows beside its members (three queries)."""
    return {
        "season": season,
        "sessions": list(selectors.club_sessions(club)[:10]),
        "ladder": ladder_rows(club, season)[:10],
        "upcoming": list(selectors.club_upcoming_events(club, timezone.localdate(), user)[:10]),
        "tournament_form": ClubTournamentForm(),
        "session_form": ClubSessionForm(),
    }


@require_safe
def club_list(request):
    table = ClubTable(selectors.club_list())
    export = configure_table(request, table, filename="clubs")
    if export:
        return export
    return render(
        request,
        "clubs/club_list.html",
        {"table": table, "can_manage": may_create_clubs(request.user)},
    )


@require_safe
def club_detail(request, club_slug: str):
    club = get_object_or_404(Club, slug=club_slug)
    table = MemberTable(selectors.club_members(club))
    export = configure_table(request, table, filename=f"{club.slug}-members")
    if export:
        return export
    return render(
        request,
        "clubs/club_detail.html",
        {"club": club, "table": table, "can_change": may_change(request.user, club)}
        | club_life(club, season_of(request), request.user),
    )


@login_required
@require_http_methods(["GET", "POST"])
def club_create(request):
    require_club_creation(request.user)
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = services.club_create(by=request.user, **form.cleaned_data)
        return redirect(club)
    return render(request, "clubs/club_form.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def club_edit(request, club_slug: str):
    club = get_object_or_404(Club, slug=club_slug)
    require_change(request.user, club)
    form = ClubForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        club.refresh_from_db()
        services.club_update(by=request.user, club=club, **form.cleaned_data)
        return redirect(club)
    return render(request, "clubs/club_form.html", {"form": form, "club": club})


@login_required
@require_http_methods(["GET", "POST"])
def membership_add(request, club_slug: str):
    club = get_object_or_404(Club, slug=club_slug)
    require_change(request.user, club)
    form = MembershipForm(request.POST or None, viewer=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            services.membership_add(by=request.user, club=club, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return redirect(club)
    return render(request, "clubs/membership_form.html", {"form": form, "club": club})


@login_required
@require_http_methods(["POST"])
def club_tournament_create(request, club_slug: str):
    """The "New club tournament" button: the club's officers direct it."""
    club = get_object_or_404(Club, slug=club_slug)
    require_change(request.user, club)
    form = ClubTournamentForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A tournament needs a name."))
        return redirect(club)
    tournament = tournament_create(
        by=request.user, club=club, director=request.user, **form.cleaned_data
    )
    return redirect(tournament)
