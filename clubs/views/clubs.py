"""Club pages: the list, a club with its members and season, and the officers' forms."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.permissions import may_change, may_create_clubs, require_club_creation
from core.tablepages import configure_table, table_page
from ratings.selectors import club_ladder as ladder_rows
from tournaments.services.events import tournament_create

from .. import selectors, services
from ..forms import ClubEditForm, ClubForm, ClubSessionForm, ClubTournamentForm, SeasonForm
from ..models import Club
from ..tables import ClubTable, MemberTable
from .visibility import changeable_club, visible_club


def season_of(request) -> int:
    """The season asked for (?season=YYYY), this year by default."""
    form = SeasonForm(request.GET)
    if form.is_valid() and form.cleaned_data["season"] is not None:
        return form.cleaned_data["season"]
    return timezone.localdate().year


def club_life(club: Club, season: int, user) -> dict:
    """What the club page shows beside its members (four queries): its latest nights with the
    latest one's results, the ladder (where ``user`` may see it) and upcoming events."""
    sessions = list(selectors.club_sessions(club)[:10])
    latest = sessions[0] if sessions else None
    shows_ladder = club.ladder_visible_to(user)
    return {
        "season": season,
        "sessions": sessions,
        "latest_night": latest,
        "latest_games": list(selectors.session_games(latest)) if latest else [],
        "shows_ladder": shows_ladder,
        "ladder": ladder_rows(club, season, basis=club.ladder_basis)[:10] if shows_ladder else [],
        "upcoming": list(selectors.club_upcoming_events(club, timezone.localdate(), user)[:10]),
        "tournament_form": ClubTournamentForm(),
        "session_form": ClubSessionForm(),
    }


@require_safe
def club_list(request):
    table = ClubTable(selectors.club_list(request.user))
    context = {"can_manage": may_create_clubs(request.user)}
    return table_page(request, table, "clubs/club_list.html", context, filename="clubs")


@require_safe
def club_detail(request, club_slug: str):
    club = visible_club(request, club_slug)
    table = MemberTable(selectors.club_members(club))
    export = configure_table(request, table, filename=f"{club.slug}-members")
    if export:
        return export
    can_change = may_change(request.user, club)
    context = {"club": club, "table": table, "can_change": can_change}
    if can_change:
        context["rating_list"] = club.rating_lists.first()
    return render(
        request,
        "clubs/club_detail.html",
        context | club_life(club, season_of(request), request.user),
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
    club = changeable_club(request, club_slug)
    form = ClubEditForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        club.refresh_from_db()
        services.club_update(by=request.user, club=club, **form.cleaned_data)
        return redirect(club)
    return render(request, "clubs/club_form.html", {"form": form, "club": club})


@login_required
@require_http_methods(["POST"])
def club_tournament_create(request, club_slug: str):
    """The "New club tournament" button: the club's officers direct it."""
    club = changeable_club(request, club_slug)
    form = ClubTournamentForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A tournament needs a name."))
        return redirect(club)
    tournament = tournament_create(
        by=request.user, club=club, director=request.user, **form.cleaned_data
    )
    return redirect(tournament)
