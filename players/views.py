"""Player pages. Reads use selectors; writes go through services."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from clubs.selectors import player_clubs
from core.messages import translated
from core.permissions import may_manage_players, require_player_management
from core.tablepages import table_page
from players.visibility import visible_players
from ratings.selectors import player_rating_history

from . import services
from .forms import PlayerForm, RosterConfirmForm, RosterUploadForm
from .models import Player
from .roster import decode_upload, parse_roster
from .tables import PlayerTable


@require_safe
def player_list(request):
    query = request.GET.get("q", "")
    table = PlayerTable(visible_players(request.user, Player.objects.search(query)))
    context = {"query": query, "can_manage": may_manage_players(request.user)}
    return table_page(request, table, "players/player_list.html", context, filename="players")


@require_safe
def player_detail(request, player_id: int):
    player = get_object_or_404(visible_players(request.user), pk=player_id)
    return render(
        request,
        "players/player_detail.html",
        {
            "player": player,
            "memberships": player_clubs(player, request.user),
            "can_manage": may_manage_players(request.user),
            "rating_histories": player_rating_history(player, request.user),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_create(request):
    require_player_management(request.user)
    form = PlayerForm(request.POST or None)
    duplicates = []
    if request.method == "POST" and form.is_valid():
        try:
            player = services.player_create(by=request.user, **form.cleaned_data)
        except services.DuplicatePlayer as err:
            duplicates = err.matches
            form.add_error(None, translated(err))
        except services.PlayerRefused as err:
            form.add_error(None, translated(err))
        except ValidationError as exc:  # the player's fields, checked by full_clean
            form.add_error(None, exc)
        else:
            messages.success(request, _("Player %(name)s added.") % {"name": player.name})
            return redirect(player)
    return render(request, "players/player_form.html", {"form": form, "duplicates": duplicates})


@login_required
@require_http_methods(["GET", "POST"])
def player_edit(request, player_id: int):
    require_player_management(request.user)
    player = get_object_or_404(visible_players(request.user), pk=player_id)
    form = PlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.Meta.fields}
        player.refresh_from_db()
        try:
            services.player_update(by=request.user, player=player, **changes)
        except services.PlayerRefused as err:
            form.add_error(None, translated(err))
        except ValidationError as exc:  # the player's fields, checked by full_clean
            form.add_error(None, exc)
        else:
            messages.success(request, _("Saved."))
            return redirect(player)
    return render(request, "players/player_form.html", {"form": form, "player": player})


@login_required
@require_http_methods(["GET", "POST"])
def roster_import(request):
    """Upload a CSV, see every problem and possible duplicate, then confirm."""
    require_player_management(request.user)
    upload_form = RosterUploadForm(request.POST or None, request.FILES or None)
    context = {"form": upload_form}
    if request.method == "POST":
        text = None
        confirm = False
        if "text" in request.POST:
            confirm_form = RosterConfirmForm(request.POST)
            if confirm_form.is_valid():
                text = confirm_form.cleaned_data["text"]
                confirm = confirm_form.cleaned_data["confirm_duplicates"]
        elif upload_form.is_valid():
            text = decode_upload(upload_form.cleaned_data["file"].read())
        if text is not None:
            outcome = services.roster_import(
                by=request.user, roster=parse_roster(text), confirm_duplicates=confirm
            )
            if outcome.created:
                messages.success(
                    request, _("%(n)d players imported.") % {"n": len(outcome.created)}
                )
                return redirect("players:list")
            context.update(outcome=outcome, text=text)
    return render(request, "players/roster_import.html", context)
