"""Writes for the table clock: start, press and pause, each at a moment the device says.

A phone at the table may lose the network for a moment; it keeps the clock running and sends its
presses with the moment they were made when it is back. A press is counted at that moment if it
is not in the future (a little allowance for the two clocks not agreeing) and at most
``MAX_PRESS_AGE_MS`` old; anything else is refused with a message and nothing changes.

When the sheet ends (the turn that ends the game, a forfeit) the sheet's own write stops the
clock in its transaction (``clock_stop_at_end``); after that only a pause is taken, which
changes nothing, and a start or a press is refused.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import audit_record
from core.refusal import Refusal

from ..engine import clock as engine
from ..models import Game, GameClock
from .scope import game_scope

MAX_PRESS_AGE_MS = 120_000
MAX_PRESS_AHEAD_MS = 2_000  # a device's clock, corrected by the server's, may still be a bit ahead
ACTIONS = ("start", "press", "pause")

PRESS_TOO_OLD = gettext_noop(
    "That clock press is more than %(seconds)d seconds old: it was not counted. Correct the "
    "time of the turn by hand."
)
PRESS_IN_FUTURE = gettext_noop("That clock press is dated in the future: it was not counted.")
GAME_OVER = gettext_noop("The game is over: its clock is stopped.")
UNKNOWN_ACTION = gettext_noop("%(action)s is not something a clock does.")


class ClockActionRefused(Refusal):
    """A clock action that was not counted."""


@dataclass(frozen=True)
class ClockAnswer:
    """The clock after an action (or a read): its reading at ``now`` and whether it changed."""

    clock: GameClock
    reading: engine.ClockReading
    now: int
    changed: bool


def now_ms() -> int:
    """The server's time line, in milliseconds since the epoch."""
    return int(timezone.now().timestamp() * 1000)


def press_moment(at: int | None, now: int) -> int:
    """The moment a press counts at: ``at`` when it is within the window, refused otherwise."""
    if at is None:
        return now
    if at > now + MAX_PRESS_AHEAD_MS:
        raise ClockActionRefused(PRESS_IN_FUTURE)
    if at < now - MAX_PRESS_AGE_MS:
        raise ClockActionRefused(PRESS_TOO_OLD, seconds=MAX_PRESS_AGE_MS // 1000)
    return min(at, now)


def clock_read(game: Game, now: int | None = None) -> ClockAnswer:
    """The clock of ``game`` as it reads now (a game without a clock yet reads as stopped)."""
    now = now_ms() if now is None else now
    clock = GameClock.objects.filter(game=game).first() or GameClock(game=game)
    return ClockAnswer(clock, engine.reading(clock.as_state(), game.rule_set(), now), now, False)


def clock_act(
    *,
    by,
    game: Game,
    action: str,
    player: int | None = None,
    at: int | None = None,
    now: int | None = None,
) -> ClockAnswer:
    """One of ``ACTIONS`` on the clock of ``game`` at ``at`` (default ``now``, the server's time):
    ``start`` runs ``player``'s side of a stopped clock; ``press``: ``player`` ends their turn
    and the other side runs (a press for a side that is not running, the second device or a
    double tap, changes nothing); ``pause`` stops the clock, the turn in progress keeping its
    time. An action that changes nothing writes nothing."""
    if action not in ACTIONS:
        raise ClockActionRefused(UNKNOWN_ACTION, action=action)
    now = now_ms() if now is None else now
    moment = press_moment(at, now)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.is_over and action != "pause":
            raise ClockActionRefused(GAME_OVER)
        # Made only when a press changes it (the game's lock above serialises the first two):
        # a press that changes nothing writes nothing.
        clock = GameClock.objects.select_for_update().filter(game=game).first()
        clock = clock or GameClock(game=game)
        state = clock.as_state()
        try:
            if action == "pause":
                step = engine.pause(state, moment)
            elif action == "start":
                step = engine.start(state, player if player is not None else -1, moment)
            else:
                step = engine.press(state, player if player is not None else -1, moment)
        except engine.ClockRefused as err:
            raise ClockActionRefused(err.template, **err.params) from err
        if step.changed:
            _store(by, game, clock, step.state, action=action, at=moment)
    reading = engine.reading(clock.as_state(), game.rule_set(), now)
    return ClockAnswer(clock, reading, now, step.changed)


def _store(by, game: Game, clock: GameClock, state, *, action: str, at: int) -> None:
    before = clock.state_fields(clock.as_state())
    after = clock.state_fields(state)
    for name, value in after.items():
        setattr(clock, name, value)
    clock.version += 1
    clock.save()
    audit_record(
        by=by,
        action=f"game.clock.{action}",
        obj=clock,
        **game_scope(game),
        before=before,
        after={**after, "at": at, "version": clock.version},
    )


def clock_stop_at_end(*, by, game: Game) -> bool:
    """Stop the clock of ``game``, whose sheet has just ended, inside the caller's transaction
    (which holds the game's lock): the side on the clock is charged up to now. Whether a
    running clock was stopped (a game without a clock, or with a stopped one, is left alone)."""
    clock = GameClock.objects.select_for_update().filter(game=game).first()
    if clock is None or clock.running is None:
        return False
    state = clock.as_state()
    # A clock started at a moment its caller gave may lie after the server's now: the stop is
    # then at that start, never before it (which the engine would refuse).
    moment = max(now_ms(), state.since or 0)
    _store(by, game, clock, engine.pause(state, moment).state, action="stop", at=moment)
    return True


def clock_follow_sheet(*, by, game: Game, to_move: int) -> bool:
    """Inside a sheet write's transaction (which holds the game's lock): a running clock on the
    side that is not to move passes to the side that is, as a press of the running side would
    (a challenge the challenger lost costs them the turn: the clock then runs for the player to
    move). Whether the clock changed."""
    clock = GameClock.objects.select_for_update().filter(game=game).first()
    if clock is None or clock.running is None or clock.running == to_move:
        return False
    state = clock.as_state()
    moment = max(now_ms(), state.since or 0)
    step = engine.press(state, clock.running, moment)
    if step.changed:
        _store(by, game, clock, step.state, action="press", at=moment)
    return step.changed


def stop_clock_on_result(sender, *, pairing, by, **kwargs) -> None:
    """``tournaments.signals.result_saved``: a result entered for a pairing (on the result
    page, say) ends its game, so its running table clock stops as the sheet's own ending does.
    A clock another write holds (the sheet ending the game itself) is left to that write."""
    if not pairing.is_reported:
        return
    clock = (
        GameClock.objects.select_for_update(skip_locked=True)
        .select_related("game")
        .filter(game__pairing=pairing, running__isnull=False)
        .first()
    )
    if clock is None:
        return
    state = clock.as_state()
    moment = max(now_ms(), state.since or 0)
    _store(by, clock.game, clock, engine.pause(state, moment).state, action="stop", at=moment)
