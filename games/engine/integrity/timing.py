"""Time on one sheet: the turns' seconds against the clock, runs of very quick turns, a line
saved before the line above it, and a turn over the per-turn limit that was not charged.

Turn seconds are the clock's milliseconds rounded down (``clock.turn_seconds``), so a player's
turns add up to between their clock's time less one second a turn and their clock's time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import RuleSet
from . import flags as F
from .flags import Flag

QUICK_SECONDS = 2  # a turn of 0, 1 or 2 s is quick
QUICK_RUN = 5  # this many quick turns in a row of one player is flagged
# Lines that are a player's own turn (the rest are worked out: racks, challenges, penalties).
TURN_KINDS = frozenset({"play", "exchange", "pass", "phony", "lost_challenge", "time_overrun"})


@dataclass(frozen=True, slots=True)
class TurnTime:
    """One entered line: its number, side, kind, seconds and saved moment (ms)."""

    line: int
    player: int
    kind: str
    seconds: int | None = None
    saved_ms: int | None = None


@dataclass(frozen=True, slots=True)
class SheetTimes:
    """A game's entered lines in order and its clock (``clock_ms``: time used by side, ``None``
    with no clock or while it runs)."""

    game: int | None
    rules: RuleSet
    turns: tuple[TurnTime, ...]
    names: tuple[str, str] = ("", "")
    clock_ms: tuple[int, int] | None = None
    pairing: int | None = None


def time_flags(sheet: SheetTimes) -> list[Flag]:
    """The time flags of one sheet."""
    turns = [t for t in sheet.turns if t.kind in TURN_KINDS]
    return [
        *_clock_total(sheet, turns),
        *_quick_runs(sheet, turns),
        *_clock_back(sheet, turns),
        *_over_limit(sheet, turns),
    ]


def _flag(sheet: SheetTimes, code: str, line: int, params: dict, detail: str = "") -> Flag:
    return Flag(code, sheet.game, line, params, pairing=sheet.pairing, detail=detail)


def _clock_total(sheet: SheetTimes, turns: Sequence[TurnTime]) -> list[Flag]:
    if sheet.clock_ms is None:
        return []
    flags = []
    for player in (0, 1):
        timed = [t for t in turns if t.player == player and t.seconds is not None]
        used = sheet.clock_ms[player]
        if not timed or not used:
            continue  # nothing to add up, or a clock that was never run for this side
        total = sum(t.seconds or 0 for t in timed)
        if total * 1000 <= used < (total + len(timed)) * 1000:
            continue
        params = {"player": sheet.names[player], "turns": total, "clock": used // 1000}
        flags.append(_flag(sheet, F.CLOCK_TOTAL, timed[-1].line, params, str(player)))
    return flags


def _quick_runs(sheet: SheetTimes, turns: Sequence[TurnTime]) -> list[Flag]:
    flags = []
    for player in (0, 1):
        run: list[TurnTime] = []
        for turn in [t for t in turns if t.player == player] + [None]:
            if turn is not None and turn.seconds is not None and turn.seconds <= QUICK_SECONDS:
                run.append(turn)
                continue
            if len(run) >= QUICK_RUN:
                params = {"player": sheet.names[player], "count": len(run), "most": QUICK_SECONDS}
                flags.append(_flag(sheet, F.QUICK_RUN, run[0].line, params))
            run = []
    return flags


def _clock_back(sheet: SheetTimes, turns: Sequence[TurnTime]) -> list[Flag]:
    flags, before = [], None
    for turn in turns:
        if turn.saved_ms is None:
            continue
        if before is not None and turn.saved_ms < before:
            seconds = max(1, (before - turn.saved_ms) // 1000)
            flags.append(_flag(sheet, F.CLOCK_BACK, turn.line, {"seconds": seconds}))
        before = turn.saved_ms
    return flags


def _over_limit(sheet: SheetTimes, turns: Sequence[TurnTime]) -> list[Flag]:
    limit = sheet.rules.turn_time_limit_seconds
    if limit is None:
        return []
    return [
        _flag(sheet, F.OVER_LIMIT_UNCHARGED, t.line, {"seconds": t.seconds, "limit": limit})
        for t in turns
        if t.seconds is not None and t.seconds > limit and t.kind != "time_overrun"
    ]
