"""The table clock's accounting: who is on the clock, how long each side and each turn took.

The clock is a small value (``ClockState``) changed by three actions at given moments: ``start``
a side's clock, ``press`` (a side ends its turn, the other side's clock runs) and ``pause``.
``reading`` turns a state and "now" into what the players see. Times are integer milliseconds on
one time line (the server's), passed in: this module never reads a clock, so a reload or a second
device computes the same reading from the same stored state.

Two devices may press for the same turn: the second press of a side whose clock no longer runs
changes nothing (``ClockStep.changed`` is false), so a turn is never ended twice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.refusal import Refusal, gettext_noop

from .rules import RuleSet, overtime_penalty

SIDES = 2
PRESS_BEFORE_START = gettext_noop(
    "That press is dated before the clock last started: it was not counted."
)
BAD_SIDE = gettext_noop("There is no player %(player)s at this table.")


class ClockRefused(Refusal):
    """A clock action that cannot be counted (a side that does not exist, a time out of order)."""


@dataclass(frozen=True, slots=True)
class ClockState:
    """The stored clock. ``running``: the side whose clock runs (``None``: stopped) since
    ``since``; ``used``: each side's time before ``since``; ``turn_of``/``turn_ms``: whose turn is
    in progress and what it used before ``since`` (kept through a pause); ``last_turn``: the side
    and milliseconds of the last finished turn (what the scorekeeper records for it)."""

    running: int | None = None
    since: int | None = None
    used: tuple[int, int] = (0, 0)
    turn_of: int | None = None
    turn_ms: int = 0
    last_turn: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class ClockStep:
    """The state after an action, and whether the action changed anything."""

    state: ClockState
    changed: bool


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What the clock shows at one moment. ``turn_left`` is ``None`` without a per-turn limit,
    ``remaining`` is ``None`` per side without a game clock; negative means over time."""

    running: int | None
    used: tuple[int, int]
    turn_of: int | None
    turn_elapsed: int
    turn_left: int | None
    remaining: tuple[int, int] | None
    overtime: tuple[int, int]
    penalties: tuple[int, int]


def _check_side(player: int) -> None:
    if player not in range(SIDES):
        raise ClockRefused(BAD_SIDE, player=player)


def _check_time(state: ClockState, at: int) -> None:
    if state.since is not None and at < state.since:
        raise ClockRefused(PRESS_BEFORE_START)


def _stopped(state: ClockState, at: int) -> ClockState:
    """``state`` with the running stretch up to ``at`` added to the side and the turn."""
    if state.running is None or state.since is None:
        return state
    stretch = at - state.since
    used = list(state.used)
    used[state.running] += stretch
    return replace(
        state, running=None, since=None, used=(used[0], used[1]), turn_ms=state.turn_ms + stretch
    )


def start(state: ClockState, player: int, at: int) -> ClockStep:
    """Start ``player``'s clock on a stopped clock (a new game, or after a pause). A different
    side than the paused turn's starts a fresh turn; starting a clock that runs changes nothing."""
    _check_side(player)
    if state.running is not None:
        return ClockStep(state, False)
    _check_time(state, at)
    turn_ms = state.turn_ms if state.turn_of == player else 0
    return ClockStep(
        replace(state, running=player, since=at, turn_of=player, turn_ms=turn_ms), True
    )


def press(state: ClockState, player: int, at: int) -> ClockStep:
    """``player`` ends their turn at ``at``: their turn is closed and the other side's runs.
    A press by a side whose clock is not running (a second device, a double tap) is a no-op."""
    _check_side(player)
    if state.running != player:
        return ClockStep(state, False)
    _check_time(state, at)
    stopped = _stopped(state, at)
    other = (player + 1) % SIDES
    after = replace(
        stopped,
        running=other,
        since=at,
        turn_of=other,
        turn_ms=0,
        last_turn=(player, stopped.turn_ms),
    )
    return ClockStep(after, True)


def pause(state: ClockState, at: int) -> ClockStep:
    """Stop the clock (a judge call); the turn in progress keeps what it used."""
    if state.running is None:
        return ClockStep(state, False)
    _check_time(state, at)
    return ClockStep(_stopped(state, at), True)


def reading(state: ClockState, rules: RuleSet, now: int) -> ClockReading:
    """The clock at ``now`` under ``rules`` (a ``now`` before ``since`` reads as ``since``)."""
    current = _stopped(state, max(now, state.since or now))
    turn = current.turn_ms if state.turn_of is not None else 0
    limit = rules.turn_time_limit_seconds
    game = rules.game_clock_seconds
    remaining = None
    overtime = (0, 0)
    penalties = (0, 0)
    if game is not None:
        first, second = (game * 1000 - u for u in current.used)
        remaining = (first, second)
        overtime = (max(0, -first), max(0, -second))
        penalties = (
            overtime_penalty(rules, _whole_seconds(current.used[0])),
            overtime_penalty(rules, _whole_seconds(current.used[1])),
        )
    return ClockReading(
        running=state.running,
        used=current.used,
        turn_of=state.turn_of,
        turn_elapsed=turn,
        turn_left=None if limit is None else limit * 1000 - turn,
        remaining=remaining,
        overtime=overtime,
        penalties=penalties,
    )


def _whole_seconds(ms: int) -> int:
    """Milliseconds as the seconds the overtime penalty counts: a started second counts, so
    25:00.4 on a 25-minute clock is already over (any part of a minute over costs the penalty)."""
    return -(-ms // 1000)


def turn_seconds(ms: int) -> int:
    """A turn's milliseconds as the whole seconds written on the sheet (rounded down, so a turn
    of 60.9 s under a 60 s limit is on time, as the clock showed 0 left)."""
    return max(0, ms) // 1000


def over_by(rules: RuleSet, seconds: int | None) -> int:
    """How many seconds a turn of ``seconds`` ran over the per-turn limit (0: on time)."""
    limit = rules.turn_time_limit_seconds
    if limit is None or seconds is None:
        return 0
    return max(0, seconds - limit)
