"""Game list, viewer, board image, GCG download, new game and GCG upload."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.messages import translated
from core.permissions import (
    RESULTS,
    may_change,
    may_judge,
    may_start_game,
    require,
    require_change,
    tournament_visible_to,
)
from core.refusal import Refusal
from core.tablepages import table_page
from tournaments.models import Pairing
from tournaments.rule_texts import preset_name, rules_sentences

from .. import selectors
from ..board_svg import board_svg
from ..broadcast.selectors import held_back
from ..end_racks import awaiting_racks
from ..forms import ForPairingForm, GameForm, GcgUploadForm
from ..models import Game
from ..playoffs import sheet_playoff
from ..services import games as services
from ..services.imports import game_import_gcg
from ..tables import GameTable


def visible_game(request, game_id: int) -> Game:
    """A game the user may see: casual games, and those of the tournaments the user may see."""
    game = get_object_or_404(
        Game.objects.select_related(
            "first_player",
            "second_player",
            "lexicon",
            "pairing__round__division__tournament__broadcast",
        ),
        pk=game_id,
    )
    tournament = game.tournament
    if tournament is not None and not tournament_visible_to(request.user, tournament):
        raise Http404
    # Behind a broadcast delay, those who do not run the game see it once the delay is past.
    if held_back(game) and not may_change(request.user, game, RESULTS):
        raise Http404
    return game


def line_param(request) -> int | None:
    try:
        return max(0, int(request.GET["turn"]))
    except (KeyError, ValueError):
        return None


@require_safe
def game_list(request):
    table = GameTable(selectors.game_list(request.user))
    context = {"can_start": may_start_game(request.user), "can_judge": may_judge(request.user)}
    return table_page(request, table, "games/game_list.html", context, filename="games")


@require_safe
def game_detail(request, game_id: int):
    """The viewer: the board after any line of the sheet (``?turn=N``), and the sheet."""
    game = visible_game(request, game_id)
    position = selectors.position_after(game, line_param(request))
    return render(
        request,
        "games/game_detail.html",
        {
            "game": game,
            "position": position,
            "board": board_svg(position.board, placed=position.placed, title=str(game)),
            "turns": selectors.game_turns(game),
            "previous": max(position.line - 1, 0),
            "next": min(position.line + 1, position.lines),
            "can_change": may_change(request.user, game, RESULTS),
            "rules_name": preset_name(game.rule_set().name),
            # The result as the scoresheet reads it (games/partials/game_result.html).
            "playoff": sheet_playoff(game),
            "awaiting": awaiting_racks(game),
        },
    )


@require_safe
def game_board(request, game_id: int):
    game = visible_game(request, game_id)
    position = selectors.position_after(game, line_param(request))
    svg = board_svg(position.board, placed=position.placed, title=str(game))
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    # Opened on its own, an SVG is a document: it may style itself and nothing else, ever.
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_safe
def game_gcg(request, game_id: int):
    game = visible_game(request, game_id)
    text = selectors.game_gcg(game, times=request.GET.get("times") == "1")
    response = HttpResponse(text.encode("utf-8"), content_type="text/plain")
    response["Content-Type"] = "text/plain; charset=utf-8"
    response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.gcg"'
    return response


def _pairing_for(request) -> Pairing | None:
    """The pairing named by ``?pairing=``; the user must be able to enter its results."""
    form = ForPairingForm(request.GET)
    if not form.is_valid():
        raise Http404  # no such game: a stale or altered link
    pairing = form.cleaned_data["pairing"]
    if pairing is None:
        require(may_start_game(request.user))
        return None
    require_change(request.user, pairing.round.division.tournament, RESULTS)
    if pairing.second_id is None:
        raise Http404
    return pairing


def _pairing_initial(pairing: Pairing | None) -> dict:
    if pairing is None:
        return {}
    return {"first_player": pairing.first.player, "second_player": pairing.second.player}


def _rules_of(pairing: Pairing | None, data: dict) -> tuple[str, dict | None]:
    """A pairing's sheet plays under its division's rules (the form does not offer others);
    any other sheet under the rules chosen on the form."""
    if pairing is None:
        return data["rules_preset"], data["rule_changes"]
    preset, changes = pairing.round.division.stored_rules()
    return preset, changes or None


def _pairing_form(form, pairing: Pairing | None):
    """Without the rule fields for a pairing's sheet: its division's rules apply."""
    if pairing is not None:
        for name in ("rules_preset", "rule_changes"):
            form.fields.pop(name, None)
    return form


def _pairing_context(pairing: Pairing | None) -> dict:
    if pairing is None:
        return {"pairing": None}
    rules = pairing.round.division.rule_set()
    return {"pairing": pairing, "rules": rules_sentences(rules)}


@login_required
@require_http_methods(["GET", "POST"])
def game_create(request):
    pairing = _pairing_for(request)
    existing = Game.objects.filter(pairing=pairing).first() if pairing else None
    if existing is not None:  # one sheet per pairing: the link leads to the one there is
        return redirect("games:sheet", game_id=existing.pk)
    form = GameForm(request.POST or None, initial=_pairing_initial(pairing), viewer=request.user)
    form = _pairing_form(form, pairing)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        preset, changes = _rules_of(pairing, data)
        try:
            game = services.game_create(
                by=request.user,
                first_player=data["first_player"],
                second_player=data["second_player"],
                rules_preset=preset,
                rules=changes,
                pairing=pairing,
                lexicon=data["lexicon"],
                title=data["title"],
            )
        except services.GameRefused as err:
            form.add_error(None, translated(err))
        except ValidationError as exc:  # the game's fields, checked by full_clean
            form.add_error(None, exc)
        else:
            return redirect("games:sheet", game_id=game.pk)
    return render(request, "games/game_form.html", {"form": form, **_pairing_context(pairing)})


@login_required
@require_http_methods(["GET", "POST"])
def game_upload(request):
    pairing = _pairing_for(request)
    form = GcgUploadForm(request.POST or None, request.FILES or None, viewer=request.user)
    form = _pairing_form(form, pairing)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        preset, changes = _rules_of(pairing, data)
        try:
            game = game_import_gcg(
                by=request.user,
                data=data["file"].read(),
                rules_preset=preset,
                rules=changes,
                first_player=data["first_player"],
                second_player=data["second_player"],
                pairing=pairing,
            )
        except Refusal as err:  # the record, its rules or its players
            form.add_error(None, translated(err))
        except ValidationError as exc:  # a new player's or the game's fields
            form.add_error(None, exc)
        else:
            return redirect(game)
    return render(
        request,
        "games/game_upload.html",
        {"form": form, **_pairing_context(pairing), "title": _("Upload a GCG record")},
    )
