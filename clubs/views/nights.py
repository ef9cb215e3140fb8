"""Club life pages: club nights with quick game entry, the season ladder, club tournaments."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.messages import translated
from core.permissions import may_change, require_change
from core.refusal import Refusal

from .. import selectors
from .. import services as club_services
from ..forms import AttendanceForm, CasualGameForm, ClubSessionForm, GuestForm
from ..models import ClubSession
from .visibility import changeable_club, visible_club


def _session(request, slug: str, pk: int) -> ClubSession:
    club = visible_club(request, slug)
    return get_object_or_404(ClubSession.objects.select_related("club"), club=club, pk=pk)


def _posted_to_session(request, slug: str, pk: int, form_class):
    """The club night, which the user must be allowed to change, and ``form_class`` bound to the
    posted data with the club's players to choose from."""
    found = _session(request, slug, pk)
    require_change(request.user, found.club)
    return found, form_class(request.POST, players=selectors.club_player_choices(found.club))


def _session_context(request, session: ClubSession, **forms) -> dict:
    club = session.club
    players = selectors.club_player_choices(club)
    can_change = may_change(request.user, club)
    context = {
        "club": club,
        "session": session,
        "games": selectors.session_games(session),
        "attendance": selectors.session_attendance(session),
        "rated_on": list(session.rating_events.select_related("rating_list")),
        "can_change": can_change,
    }
    if can_change:
        context |= {
            "guests": set(club.guests.values_list("player_id", flat=True)),
            "club_list": club.rating_lists.first(),
            "guest_form": GuestForm(),
            "players": players,
            "game_form": forms.get("game_form") or CasualGameForm(players=players),
            "attend_form": forms.get("attend_form") or AttendanceForm(players=players),
        }
    return context


@require_safe
def club_session(request, club_slug: str, session_id: int):
    found = _session(request, club_slug, session_id)
    return render(request, "clubs/session.html", _session_context(request, found))


@login_required
@require_http_methods(["POST"])
def club_session_create(request, club_slug: str):
    club = changeable_club(request, club_slug)
    form = ClubSessionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the club night a date."))
        return redirect(club)
    session = club_services.club_session_create(by=request.user, club=club, **form.cleaned_data)
    return redirect(session)


@login_required
@require_http_methods(["POST"])
def casual_game_add(request, club_slug: str, session_id: int):
    found, form = _posted_to_session(request, club_slug, session_id, CasualGameForm)
    if form.is_valid():
        try:
            club_services.casual_game_add(by=request.user, session=found, **form.cleaned_data)
        except Refusal as err:  # the game's, or the re-rating's of a rated night
            form.add_error(None, translated(err))
        except ValidationError as exc:  # the game's fields, checked by full_clean
            form.add_error(None, exc)
        else:
            form = None
    context = _session_context(request, found, game_form=form)
    if request.htmx:
        return render(request, "clubs/partials/session_games.html", context)
    if form is None:
        return redirect(found)
    return render(request, "clubs/session.html", context, status=400)


@login_required
@require_http_methods(["POST"])
def attendance_mark(request, club_slug: str, session_id: int):
    found, form = _posted_to_session(request, club_slug, session_id, AttendanceForm)
    if not form.is_valid():
        context = _session_context(request, found, attend_form=form)
        return render(request, "clubs/session.html", context, status=400)
    club_services.attendance_mark(
        by=request.user, session=found, player=form.cleaned_data["player"]
    )
    return redirect(found)
