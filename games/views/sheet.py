"""The scoresheet entry page: type a move, see its score at once, record it, undo, challenge."""

import json

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from core.messages import translated
from core.permissions import RESULTS, require_change
from games.engine.scoresheet import SheetEntryRefused, replay_sheet
from tournaments.rule_texts import preset_name, rules_sentences, turn_limit_sentence

from .. import selectors
from ..board_svg import board_svg
from ..end_racks import awaiting_racks
from ..engine.clock import over_by, turn_seconds
from ..forms import ChallengeForm, EndRacksForm, ForfeitForm, PlayoffForm, TurnForm
from ..models import Turn
from ..playoffs import sheet_playoff
from ..services import clock as clock_services
from ..services import end_racks as end_racks_services
from ..services import games as services
from ..services import playoff as playoff_services
from ..tournament_results import result_warning
from .clock import clock_json
from .games import visible_game


def _editable_game(request, game_id: int):
    game = visible_game(request, game_id)
    require_change(request.user, game, RESULTS)
    return game


def sheet_context(
    game,
    form: TurnForm | None = None,
    error: str = "",
    overtime: dict | None = None,
    playoff_form: PlayoffForm | None = None,
    racks_form: EndRacksForm | None = None,
) -> dict:
    position = selectors.position_after(game)
    rules = game.rule_set()
    clock = clock_services.clock_read(game)
    if form is None:
        form = TurnForm(initial={"seconds": _clock_seconds(clock, position.to_move)})
    return {
        "game": game,
        "position": position,
        "board": board_svg(position.board, placed=position.placed, title=str(game)),
        "turns": selectors.game_turns(game),
        "form": form,
        "error": error,
        "overtime": overtime,
        "clock": clock,
        "clock_state": json.dumps(clock_json(clock)),
        "to_move_name": game.player_names[position.to_move],
        "turn_limit": rules.turn_time_limit_seconds,
        "turn_limit_text": turn_limit_sentence(rules),
        "game_clock": rules.game_clock_seconds,
        "can_undo": position.lines > 0,
        "result_warning": result_warning(game),
        "rules_name": preset_name(rules.name),
        "rules_sentences": rules_sentences(rules),
        "playoff": sheet_playoff(game),
        "playoff_form": playoff_form or PlayoffForm(),
        "racks_form": racks_form or EndRacksForm(),
        "awaiting": [(side, game.player_names[side]) for side in awaiting_racks(game)],
        # While the game goes on, the last entry's challenge can be recorded (or changed);
        # once it is over, only a last play the engine still lets be challenged (one that went
        # out) can be.
        "can_challenge": position.can_challenge or (not game.is_over and position.last_is_play),
    }


def _clock_seconds(clock, to_move: int) -> int | None:
    """The seconds of the last turn the clock closed, when it was the turn now to be entered."""
    last = clock.clock.as_state().last_turn
    if last and last[0] == to_move:
        return turn_seconds(last[1])
    return None


def _render_sheet(
    request, game, form=None, error: str = "", overtime=None, playoff_form=None, racks_form=None
):
    template = "games/partials/sheet_panel.html" if request.htmx else "games/sheet.html"
    context = sheet_context(game, form, error, overtime, playoff_form, racks_form)
    return render(request, template, context)


@login_required
@require_safe
def sheet(request, game_id: int):
    game = _editable_game(request, game_id)
    return _render_sheet(request, game)


@login_required
@require_POST
def turn_add(request, game_id: int):
    game = _editable_game(request, game_id)
    form = TurnForm(request.POST)
    if not form.is_valid():
        return _render_sheet(request, game, form)
    data = form.cleaned_data
    try:
        game = services.turn_record(
            by=request.user,
            game=game,
            move=data["move"],
            rack=data["rack"],
            seconds=data["seconds"],
            challenge=data["challenge"],
            notes=data["notes"],
            confirm_overtime=data["overtime"] == "lost",
        )
    except services.OverTimeToConfirm as err:
        (reason,) = err.reasons
        overtime = {"text": translated(reason), **reason.params}
        return _render_sheet(request, game, form, overtime=overtime)
    except services.GameRefused as err:
        return _render_sheet(request, game, form, error=translated(err))
    return _after_change(request, game)


def _after_change(request, game):
    if request.htmx:
        game.refresh_from_db()
        return _render_sheet(request, game)
    return redirect("games:sheet", game_id=game.pk)


def _sheet_changed(request, game, change, **forms):
    """``change()`` writes the sheet and returns the game; a refusal shows the sheet again with
    why, keeping the posted ``forms`` as they were typed."""
    try:
        game = change()
    except services.GameRefused as err:
        return _render_sheet(request, game, error=translated(err), **forms)
    return _after_change(request, game)


def _one_field_change(request, game_id: int, form_class, field: str, change):
    """A sheet change posted as a form of one field (a challenge's outcome, a forfeit's loser):
    the field's error, or the refusal of ``change(game, value)``, is shown on the sheet."""
    game = _editable_game(request, game_id)
    form = form_class(request.POST)
    if not form.is_valid():
        return _render_sheet(request, game, error=" ".join(form.errors.get(field, [])))
    return _sheet_changed(request, game, lambda: change(game, form.cleaned_data[field]))


def _sheet_form_change(request, game_id: int, form_class, shown_as: str, change):
    """A sheet change posted from a form the sheet shows as ``shown_as`` (the end racks, the
    play-off words): the form comes back as typed, with its errors or with the refusal of
    ``change(game, form)``."""
    game = _editable_game(request, game_id)
    form = form_class(request.POST)
    if not form.is_valid():
        return _render_sheet(request, game, **{shown_as: form})
    return _sheet_changed(request, game, lambda: change(game, form), **{shown_as: form})


@login_required
@require_POST
def end_racks_add(request, game_id: int):
    """The tiles left on the racks of a game that ended without them ("awaiting racks"): each
    player's rack adjustment, then the result."""
    return _sheet_form_change(
        request,
        game_id,
        EndRacksForm,
        "racks_form",
        lambda game, form: end_racks_services.end_racks_record(
            by=request.user, game=game, racks=form.racks()
        ),
    )


@login_required
@require_POST
def playoff_add(request, game_id: int):
    """Each player's play-off word and score, for a game that ended in a tie under play-off
    rules; an equal play-off is kept and the sheet asks again."""
    return _sheet_form_change(
        request,
        game_id,
        PlayoffForm,
        "playoff_form",
        lambda game, form: playoff_services.playoff_record(
            by=request.user, game=game, words=form.words(), scores=form.scores()
        ),
    )


@login_required
@require_POST
def turn_undo(request, game_id: int):
    game = _editable_game(request, game_id)
    return _sheet_changed(
        request, game, lambda: services.turn_undo_last(by=request.user, game=game)
    )


@login_required
@require_POST
def turn_challenge(request, game_id: int):
    return _one_field_change(
        request,
        game_id,
        ChallengeForm,
        "outcome",
        lambda game, outcome: services.turn_challenge_last(
            by=request.user, game=game, challenge=outcome
        ),
    )


@login_required
@require_POST
def game_forfeit(request, game_id: int):
    return _one_field_change(
        request,
        game_id,
        ForfeitForm,
        "loser",
        lambda game, loser: services.game_forfeit(by=request.user, game=game, loser=loser),
    )


@require_safe
def turn_preview(request, game_id: int):
    """The score a move would get, or why the engine refuses it; writes nothing (a GET)."""
    game = visible_game(request, game_id)
    move = request.GET.get("move", "").strip()
    context: dict = {"move": move}
    if move:
        seconds = _bounded_seconds(request.GET.get("seconds", ""))
        context.update(_preview(game, move, request.GET.get("rack", ""), seconds))
    return render(request, "games/partials/preview.html", context)


def _bounded_seconds(text: str) -> int | None:
    text = text.strip()
    if not text.isdigit() or len(text) > 6:
        return None
    return int(text)


def _preview(game, move: str, rack: str, seconds: int | None = None) -> dict:
    rules = game.rule_set()
    try:
        entry = services.normalised_entry(move=move, rack=rack, seconds=seconds)
        entries = [*game.entries(), entry]
        replay = replay_sheet(
            game.rule_set(), game.player_names, entries, forfeited_by=game.forfeited_by
        )
    except (services.TurnRefused, SheetEntryRefused) as err:
        return {"error": translated(err)}
    line = next(ln for ln in replay.lines if ln.entry == len(entries) - 1 and ln.is_entry)
    return {
        "line": line,
        "kind": Turn.Kind(line.kind).label,
        "words": line.words,
        "player": game.player_names[line.player],
        "total": line.totals[line.player],
        "over": over_by(rules, seconds),
        "limit": rules.turn_time_limit_seconds,
        "seconds": seconds,
    }
