"""The table clock: its state as JSON (GET, for every device at the table) and its buttons (POST)."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.views.decorators.http import require_http_methods

from core.messages import translated
from core.permissions import RESULTS, require_change

from ..services import clock as services
from .games import visible_game

# A client timestamp is milliseconds since the epoch; anything outside these years is garbage.
EARLIEST_MS = 946_684_800_000  # 2000-01-01
LATEST_MS = 4_102_444_800_000  # 2100-01-01


class ClockActionForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in services.ACTIONS])
    player = forms.TypedChoiceField(
        choices=[("0", "0"), ("1", "1")], coerce=int, required=False, empty_value=None
    )
    at = forms.IntegerField(min_value=EARLIEST_MS, max_value=LATEST_MS, required=False)


def clock_json(answer: services.ClockAnswer, message: str = "") -> dict:
    shown = answer.reading
    state = answer.clock.as_state()
    return {
        "now": answer.now,
        "version": answer.clock.version,
        "changed": answer.changed,
        "running": shown.running,
        "since": state.since,
        "turn_ms": state.turn_ms,
        "used": list(shown.used),
        "turn_of": shown.turn_of,
        "turn_elapsed": shown.turn_elapsed,
        "turn_left": shown.turn_left,
        "remaining": list(shown.remaining) if shown.remaining is not None else None,
        "overtime": list(shown.overtime),
        "penalties": list(shown.penalties),
        "last_turn": list(state.last_turn) if state.last_turn else None,
        "message": message,
    }


@login_required
@require_http_methods(["GET", "POST"])
def game_clock(request, game_id: int):
    game = visible_game(request, game_id)
    require_change(request.user, game, RESULTS)
    if request.method == "GET":
        return JsonResponse(clock_json(services.clock_read(game)))
    form = ClockActionForm(request.POST)
    if not form.is_valid():
        errors = " ".join(str(m) for ms in form.errors.values() for m in ms)
        return JsonResponse(clock_json(services.clock_read(game), errors), status=422)
    data = form.cleaned_data
    try:
        answer = services.clock_act(
            by=request.user, game=game, action=data["action"], player=data["player"], at=data["at"]
        )
    except services.ClockActionRefused as err:
        return JsonResponse(clock_json(services.clock_read(game), translated(err)), status=422)
    return JsonResponse(clock_json(answer))
