"""Correcting a club night: edit or delete a game, and the club's audit log with undo. A rated
night follows every correction (its rating pages are ``ratings.views.clubs``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.audit_text import describe_entries
from core.messages import translated
from core.models import AuditEntry
from core.refusal import Refusal

from .. import selectors, services
from ..forms import CasualGameForm
from ..models import CasualGame
from .visibility import changeable_club

AUDIT_PAGE = 50


def _game(request, club_slug: str, session_id: int, game_id: int) -> CasualGame:
    club = changeable_club(request, club_slug)
    return get_object_or_404(
        CasualGame.objects.select_related("session__club", "player_a", "player_b"),
        session__club=club,
        session_id=session_id,
        pk=game_id,
    )


@login_required
@require_http_methods(["GET", "POST"])
def casual_game_edit(request, club_slug: str, session_id: int, game_id: int):
    game = _game(request, club_slug, session_id, game_id)
    session = game.session
    players = selectors.club_player_choices(session.club)
    initial = {
        "player_a": game.player_a.name,
        "player_b": game.player_b.name,
        "score_a": game.score_a,
        "score_b": game.score_b,
        "rated": game.rated,
    }
    form = CasualGameForm(request.POST or None, players=players, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.casual_game_update(by=request.user, game=game, **form.cleaned_data)
        except Refusal as err:  # the game's, or the re-rating's of a rated night
            form.add_error(None, translated(err))
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("The game is corrected."))
            return redirect(session)
    context = {"club": session.club, "session": session, "game": game, "form": form}
    context["players"] = players
    return render(request, "clubs/game_edit.html", context)


@login_required
@require_POST
def casual_game_delete(request, club_slug: str, session_id: int, game_id: int):
    game = _game(request, club_slug, session_id, game_id)
    session, text = game.session, str(game)
    try:
        services.casual_game_delete(by=request.user, game=game)
    except Refusal as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("Deleted %(game)s.") % {"game": text})
    return redirect(session)


def _club_entries(club):
    return AuditEntry.objects.filter(scope=f"club:{club.pk}").select_related("actor")


@login_required
@require_safe
def club_audit(request, club_slug: str):
    """Every change of the club (members, nights, games, ratings), newest first, with undo
    for the game changes and the rating of a night."""
    club = changeable_club(request, club_slug)
    page = Paginator(_club_entries(club).order_by("-at", "-id"), AUDIT_PAGE).get_page(
        request.GET.get("page")
    )
    undone = set(
        AuditEntry.objects.filter(undoes__in=[e.pk for e in page]).values_list(
            "undoes_id", flat=True
        )
    )
    rows = [
        {
            "entry": d.entry,
            "text": d.text,
            "can_undo": d.entry.action in UNDOABLE and d.entry.pk not in undone,
            "undo_url": "clubs:rating_undo"
            if d.entry.action in RATING_ACTIONS
            else "clubs:audit_undo",
            "undone": d.entry.pk in undone,
        }
        for d in describe_entries(page)
    ]
    return render(request, "clubs/audit.html", {"club": club, "rows": rows, "page": page})


# Rating a night and taking it off are undone by the ratings app's page (``rating_undo``).
RATING_ACTIONS = {"club_session.rate", "club_session.unrate"}
UNDOABLE = {*services.UNDOABLE_GAME_ACTIONS, *RATING_ACTIONS}


@login_required
@require_POST
def club_audit_undo(request, club_slug: str, entry_id: int):
    club = changeable_club(request, club_slug)
    entry = get_object_or_404(_club_entries(club), pk=entry_id)
    try:
        if entry.action in services.UNDOABLE_GAME_ACTIONS:
            services.casual_game_undo(by=request.user, club=club, entry_id=entry.pk)
        else:
            raise services.ClubRefused(services.NOT_UNDOABLE)
    except Refusal as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("Undone."))
    return redirect("clubs:audit", club_slug=club.slug)
