"""The director's broadcast page of a division: the event's delay, the top tables, the games
marked, and the overlay addresses to hand the event's streamer. Directors only."""

from functools import partial
from itertools import chain

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from core.messages import translated
from core.permissions import RESULTS, require_change
from games.engine.broadcast import BroadcastRefused
from games.views.games import visible_game
from tournaments.models import Division

from .. import services
from ..forms import BroadcastDelayForm, BroadcastMarkForm, BroadcastTopTablesForm
from ..selectors import division_games, event_delay, game_is_broadcast, top_tables
from .public import OVERLAY_FIELDS, overlay_labels


def _division(request, tournament_slug: str, division_name: str) -> Division:
    division = get_object_or_404(
        Division.objects.select_related("tournament", "broadcast", "tournament__broadcast"),
        tournament__slug=tournament_slug,
        name=division_name,
    )
    require_change(request.user, division.tournament, RESULTS)
    return division


def _overlays(request, division: Division, tables: list[int]) -> list[tuple[int, list]]:
    args = [division.tournament.slug, division.name]
    labels = overlay_labels()
    found = []
    for table in tables:
        links = []
        for field in OVERLAY_FIELDS:
            page = reverse("games:broadcast_overlay", args=[*args, table, field])
            feed = reverse("games:broadcast_overlay_field_feed", args=[*args, table, field])
            links.append(
                (labels[field], request.build_absolute_uri(page), request.build_absolute_uri(feed))
            )
        found.append((table, links))
    return found


@login_required
@require_safe
def broadcast_manage(request, tournament_slug: str, division_name: str):
    division = _division(request, tournament_slug, division_name)
    games = [(game, game_is_broadcast(game)) for game in division_games(division)]
    shown_tables = sorted({g.pairing.table for g, shown in games if shown and g.pairing.table})
    context = {
        "division": division,
        "games": games,
        "delay_form": BroadcastDelayForm(initial={"minutes": event_delay(division.tournament)}),
        "tables_form": BroadcastTopTablesForm(initial={"tables": top_tables(division)}),
        "overlays": _overlays(request, division, shown_tables),
        "public": division.tournament.is_public,
    }
    response = render(request, "games/broadcast/manage.html", context)
    response["Cache-Control"] = "no-store"
    return response


def _refused(request, err) -> None:
    messages.error(request, translated(err))


def _setting_saved(request, form, save, done: str) -> None:
    """A division's broadcast setting, posted by its own one-field form: ``save(**cleaned_data)``
    when the form is valid, then the field's errors, the service's refusal or ``done`` said."""
    if not form.is_valid():
        messages.error(request, " ".join(chain.from_iterable(form.errors.values())))
        return
    try:
        save(**form.cleaned_data)
    except BroadcastRefused as err:
        _refused(request, err)
    else:
        messages.success(request, done)


@login_required
@require_POST
def broadcast_delay(request, tournament_slug: str, division_name: str):
    division = _division(request, tournament_slug, division_name)
    save = partial(services.broadcast_delay_set, by=request.user, tournament=division.tournament)
    done = _("The broadcast delay is saved.")
    _setting_saved(request, BroadcastDelayForm(request.POST), save, done)
    return redirect("games:broadcast_manage", tournament_slug, division_name)


@login_required
@require_POST
def broadcast_top_tables(request, tournament_slug: str, division_name: str):
    division = _division(request, tournament_slug, division_name)
    save = partial(services.broadcast_top_tables_set, by=request.user, division=division)
    done = _("The top tables to broadcast are saved.")
    _setting_saved(request, BroadcastTopTablesForm(request.POST), save, done)
    return redirect("games:broadcast_manage", tournament_slug, division_name)


@login_required
@require_POST
def broadcast_mark(request, game_id: int):
    game = visible_game(request, game_id)
    if game.pairing_id is None:
        raise Http404  # only a game at a table is broadcast
    division = game.pairing.round.division
    require_change(request.user, division.tournament, RESULTS)
    form = BroadcastMarkForm(request.POST)
    if form.is_valid():
        try:
            services.broadcast_mark(by=request.user, game=game, on=form.cleaned_data["on"])
        except services.BroadcastMarkRefused as err:
            _refused(request, err)
    return redirect("games:broadcast_manage", division.tournament.slug, division.name)
