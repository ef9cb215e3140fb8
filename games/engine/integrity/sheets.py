"""Tiles and scores of one game: its sheet replayed as a GCG record on the engine's board.

A stored sheet is written out as GCG events (``gcg_io.events_from_turns``, the recorded scores
and totals as they are) and re-scored by the record verifier (``replay.verify_game``), the
check every imported GCG record goes through; so a line whose score, total or rack no longer
fits the board is flagged with the sheet's own line number. The tile counts (the set's
distribution, the rack size, the tiles left when a player goes out) are counted here on the
same board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..board import Board, Placement, on_board
from ..gcg import EventKind, GcgEvent, GcgGame, GcgPlayer
from ..gcg_io import events_from_turns
from ..messages import IllegalMove
from ..moves import Play, parse_position
from ..replay import (
    NOT_UNSEEN,
    RACK_BONUS_VALUE,
    RACK_PENALTY_VALUE,
    SCORE_MISMATCH,
    SCORELESS_TURN,
    TOTAL_MISMATCH,
    WITHDRAW_SCORE,
    Problem,
    verify_game,
)
from ..rules import RackBonus, RuleSet
from ..tiles import BLANK, TILE_COUNTS, sort_tiles
from . import flags as F
from .flags import Flag


@dataclass(frozen=True, slots=True)
class GameSheet:
    """One game's sheet as plain values: its GCG events, each ``line`` the sheet's line."""

    game: int | None
    rules: RuleSet
    events: tuple[GcgEvent, ...]
    names: tuple[str, str] = ("", "")
    pairing: int | None = None


def sheet_from_turns(
    game: int | None,
    rules: RuleSet,
    turns: Iterable,
    *,
    names: tuple[str, str] = ("", ""),
    pairing: int | None = None,
) -> GameSheet:
    """A sheet from its stored lines (``Turn`` rows or anything with their attributes), in
    line order; every event keeps the number of the line it came from."""
    events: list[GcgEvent] = []
    for turn in turns:
        for event in events_from_turns([turn]):
            # A new event of our own: set its line in place (``replace`` for each of a large
            # event's ~45,000 lines is a tenth of the desk's time).
            object.__setattr__(event, "line", turn.number)
            events.append(event)
    return GameSheet(game, rules, tuple(events), names, pairing)


def sheet_flags(sheet: GameSheet) -> list[Flag]:
    """The tile and score flags of one sheet."""
    counted = _count_tiles(sheet)
    return counted.flags + _verified_flags(sheet, counted.over_lines)


@dataclass
class _Counted:
    flags: list[Flag]
    over_lines: dict[int, set[str]]  # line -> tiles first over the set's count there
    over_tiles: set[str] = field(default_factory=set)


def _count_tiles(sheet: GameSheet) -> _Counted:
    """Lay the plays on a board (the squares only: the verifier scores them) and count the
    tiles placed, the racks' sizes and the tiles left at the end."""
    board = Board()
    placed: Counter[str] = Counter()
    last: list[Placement] = []
    result = _Counted([], {})
    out_rack: str | None = None
    for event in sheet.events:
        _check_rack_size(sheet, event, result)
        if event.kind is EventKind.PLAY:
            last = _laid(board, event)
            used = "".join(BLANK if p.is_blank else p.letter for p in last)
            board.place(last)
            placed.update(used)
            _check_counts(sheet, event, used, placed, result)
        elif event.kind is EventKind.PHONY_WITHDRAWN and last:
            board.remove((p.row, p.col) for p in last)
            placed.subtract(BLANK if p.is_blank else p.letter for p in last)
            last = []
        elif event.kind is EventKind.END_RACK_BONUS:
            out_rack = event.counted_rack
    if out_rack is not None and len(sheet.names) == 2:
        _check_accounted(sheet, sum(placed.values()) + len(out_rack), result)
    return result


def _laid(board: Board, event: GcgEvent) -> list[Placement]:
    """The new tiles of a play: its letters on empty squares (a play the board refuses lays
    none here; the verifier reports it)."""
    try:
        row, col, across = parse_position(event.position)
        squares = Play(row, col, across, event.word).squares()
    except IllegalMove:
        return []
    laid = []
    for (r, c), char in zip(squares, event.word, strict=True):
        if not on_board(r, c):
            return []
        if char != "." and board.get(r, c) is None:
            laid.append(Placement(r, c, char.upper(), char.islower()))
    return laid


def _check_rack_size(sheet: GameSheet, event: GcgEvent, result: _Counted) -> None:
    most = sheet.rules.rack_size
    if len(event.rack) > most:
        params = {"rack": event.rack, "count": len(event.rack), "most": most}
        result.flags.append(_flag(sheet, F.RACK_TOO_BIG, event.line, params))


def _check_counts(sheet, event: GcgEvent, used: str, placed: Counter, result: _Counted) -> None:
    for tile in sorted(set(used)):
        most = TILE_COUNTS.get(tile, 0)
        # Flag the line that first goes over; later ones only repeat it.
        if placed[tile] > most and tile not in result.over_tiles:
            result.over_tiles.add(tile)
            params = {"tile": tile, "count": placed[tile], "most": most}
            result.flags.append(_flag(sheet, F.OVER_DISTRIBUTION, event.line, params, tile))
            result.over_lines.setdefault(event.line, set()).add(tile)


def _check_accounted(sheet: GameSheet, counted: int, result: _Counted) -> None:
    total = sum(TILE_COUNTS.values())
    if counted != total:
        line = sheet.events[-1].line if sheet.events else 0
        params = {"counted": counted, "total": total}
        result.flags.append(_flag(sheet, F.UNACCOUNTED, line, params))


def _verified_flags(sheet: GameSheet, over_lines: dict[int, set[str]]) -> list[Flag]:
    players = (GcgPlayer("p1", sheet.names[0] or "p1"), GcgPlayer("p2", sheet.names[1] or "p2"))
    verification = verify_game(GcgGame(players=players, events=sheet.events), sheet.rules)
    flags = []
    for problem in verification.problems:
        flag = _problem_flag(sheet, problem, over_lines)
        if flag is not None:
            flags.append(flag)
    return flags


def _problem_flag(sheet: GameSheet, problem: Problem, over_lines) -> Flag | None:
    """The flag of one verifier problem; ``None`` for what the desk leaves to the notes
    (racks that do not follow on, the record's own format, tiles not on a stated rack)."""
    params, line = problem.params, problem.line
    if problem.template == TOTAL_MISMATCH:
        wanted = {"recorded": params["recorded"], "expected": params["expected"]}
        return _flag(sheet, F.RUNNING_TOTAL, line, wanted)
    if problem.template == NOT_UNSEEN:
        tiles = str(params["tiles"])
        if set(tiles) <= over_lines.get(line, set()):
            return None  # the board itself is over the set's count: flagged as such
        wanted = {"rack": params["rack"], "tiles": sort_tiles(tiles)}
        return _flag(sheet, F.NOT_FROM_BAG, line, wanted)
    computed = _computed_score(sheet.rules, problem)
    if computed is None:
        return None
    wanted = {"recorded": params["recorded"], "computed": computed}
    return _flag(sheet, F.MOVE_SCORE, line, wanted)


def _computed_score(rules: RuleSet, problem: Problem) -> int | None:
    params = problem.params
    if problem.template == SCORE_MISMATCH:
        return int(params["computed"])
    if problem.template == WITHDRAW_SCORE:
        return int(params["expected"])
    if problem.template == SCORELESS_TURN:
        return 0
    if problem.template == RACK_BONUS_VALUE:
        doubled = rules.rack_bonus is RackBonus.DOUBLED
        return int(params["doubled"] if doubled else params["value"])
    if problem.template == RACK_PENALTY_VALUE:
        return -int(params["value"])
    return None


def _flag(sheet: GameSheet, code: str, line: int, params: dict, detail: str = "") -> Flag:
    return Flag(code, sheet.game, line, params, pairing=sheet.pairing, detail=detail)
