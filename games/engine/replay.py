"""Verify a GCG record by replaying it: the engine side of ``manage.py verify_gcg``.

Every play is re-scored on a board; racks are checked against the tiles played, the tiles
still unseen and what the player kept from the previous turn; end-of-game adjustments and
every running total are checked. Each fault becomes a ``Problem`` with the source line.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from core.refusal import gettext_noop, interpolated
from games.engine.board import Board
from games.engine.gcg import EventKind, GcgEvent, GcgGame
from games.engine.messages import IllegalMove
from games.engine.moves import Play, parse_position
from games.engine.rules import RuleSet
from games.engine.scoring import ScoredPlay, apply_play, score_play
from games.engine.tiles import TILE_COUNTS, rack_contains, rack_value, sort_tiles

__all__ = ["KINDS", "Problem", "Verification", "verify_game"]

# What a problem is about. Rack continuity (a tile kept from a turn missing from the player's
# next recorded rack) is only a warning: annotators guess the opponent's rack or leave it out,
# so it says more about the notes than about the game.
SCORE, TOTAL, LEGALITY, FORMAT, RACK_CONTINUITY = (
    "score",
    "total",
    "legality",
    "format",
    "rack_continuity",
)
KINDS = (SCORE, TOTAL, LEGALITY, FORMAT, RACK_CONTINUITY)
WARNING_KINDS = frozenset({RACK_CONTINUITY})

SCORE_MISMATCH = gettext_noop(
    "%(move)s is recorded as %(recorded)d points but scores %(computed)d."
)
TOTAL_MISMATCH = gettext_noop(
    "The running total is recorded as %(recorded)d, but %(previous)d plus %(score)d "
    "makes %(expected)d."
)
NOT_ON_RACK = gettext_noop("The tiles %(tiles)s are not on the rack %(rack)s.")
NOT_UNSEEN = gettext_noop(
    "The rack %(rack)s holds %(tiles)s, which are not unseen: they are already on the board "
    "or used up."
)
LEAVE_MISSING = gettext_noop(
    "The rack %(rack)s does not hold %(tiles)s, kept from the player's previous turn."
)
NO_PLAY_TO_WITHDRAW = gettext_noop(
    "A withdrawn phony must come right after a play by the same player."
)
WITHDRAW_SCORE = gettext_noop(
    "Withdrawing a play recorded at %(played)d points takes back %(expected)d, not %(recorded)d."
)
NO_PLAY_FOR_BONUS = gettext_noop(
    "A challenge bonus must come right after a play by the same player."
)
SCORELESS_TURN = gettext_noop("A pass or an exchange scores 0, not %(recorded)d.")
EXCHANGE_COUNT = gettext_noop("An exchange puts back between 1 and %(most)d tiles, not %(count)d.")
RACK_BONUS_VALUE = gettext_noop(
    "The rack %(rack)s is worth %(value)d, so the player going out gains %(value)d "
    "(or %(doubled)d doubled), not %(recorded)d."
)
RACK_PENALTY_VALUE = gettext_noop(
    "The rack %(rack)s is worth %(value)d, so the deduction is -%(value)d, not %(recorded)d."
)
OUT_WITH_TILES = gettext_noop("The player went out but still held %(tiles)s.")
RACK_NOT_COUNTED = gettext_noop("The rack deducted, %(counted)s, is not the rack %(rack)s.")
_TILES_IN_SET = sum(TILE_COUNTS.values())
# The kind of each template of this module; any other (the engine's IllegalMove) is legality.
_KIND_OF = {
    SCORE_MISMATCH: SCORE,
    WITHDRAW_SCORE: SCORE,
    SCORELESS_TURN: SCORE,
    RACK_BONUS_VALUE: SCORE,
    RACK_PENALTY_VALUE: SCORE,
    RACK_NOT_COUNTED: SCORE,
    TOTAL_MISMATCH: TOTAL,
    NOT_ON_RACK: LEGALITY,
    NOT_UNSEEN: LEGALITY,
    EXCHANGE_COUNT: LEGALITY,
    NO_PLAY_TO_WITHDRAW: FORMAT,
    NO_PLAY_FOR_BONUS: FORMAT,
    LEAVE_MISSING: RACK_CONTINUITY,
    OUT_WITH_TILES: RACK_CONTINUITY,
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One fault in a record: the source ``line`` (0 = the record as a whole) and a message
    as an untranslated ``template`` with its ``params``."""

    line: int
    template: str
    params: dict[str, object] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """The English message (``core.messages.translated`` gives it translated)."""
        return interpolated(self.template, self.params)

    @property
    def kind(self) -> str:
        """One of ``KINDS``: what the problem is about."""
        return _KIND_OF.get(self.template, LEGALITY)

    @property
    def is_warning(self) -> bool:
        """Whether the problem is only a warning (rack continuity), not an error."""
        return self.kind in WARNING_KINDS


@dataclass(frozen=True, slots=True)
class Verification:
    """The outcome of ``verify_game``.

    ``final_scores`` are the running totals as recorded (last event of each player);
    ``recomputed_scores`` put the engine's score in place of each recorded play score.
    """

    problems: tuple[Problem, ...]
    plays_rescored: int
    events: int
    final_scores: tuple[int, int]
    recomputed_scores: tuple[int, int]

    @property
    def ok(self) -> bool:
        """Whether the record has no problem at all."""
        return not self.problems


def verify_game(game: GcgGame, rules: RuleSet | None = None) -> Verification:
    """Replay every event of ``game`` and report each inconsistency with its line.

    ``rules`` gives the rack size and bingo bonus (standard when omitted). Rack adjustments
    are accepted at the standard or the doubled value, whichever the record uses.
    """
    replay = _Replay(rules or RuleSet())
    for event in game.events:
        replay.event(event)
    for player, rack in enumerate(game.final_racks):
        if rack is not None:
            replay.final_rack(player, rack)
    return Verification(
        problems=tuple(replay.problems),
        plays_rescored=replay.plays_rescored,
        events=len(game.events),
        final_scores=(replay.totals[0], replay.totals[1]),
        recomputed_scores=(replay.recomputed[0], replay.recomputed[1]),
    )


@dataclass(slots=True)
class _LastPlay:
    """The latest play, kept so that a withdrawn phony can be taken off the board."""

    event: GcgEvent
    scored: ScoredPlay | None  # None when the play could not be placed


class _Replay:
    """The state of one replay: board, tiles on it, totals and each player's kept tiles."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.board = Board()
        self.on_board: Counter[str] = Counter()
        self.totals = [0, 0]
        self.recomputed = [0, 0]
        # Tiles each player kept after their last turn; None when the record does not say.
        self.kept: list[str | None] = [None, None]
        self.last_play: _LastPlay | None = None
        self.previous: GcgEvent | None = None
        self.problems: list[Problem] = []
        self.plays_rescored = 0

    def report(self, line: int, template: str, **params: object) -> None:
        self.problems.append(Problem(line, template, params))

    def event(self, event: GcgEvent) -> None:
        handler = _HANDLERS[event.kind]
        handler(self, event)
        self._check_total(event)
        if event.kind is not EventKind.PLAY:
            self.last_play = None
        self.previous = event

    def _check_total(self, event: GcgEvent) -> None:
        previous = self.totals[event.player]
        expected = previous + event.score
        if event.cumulative != expected:
            self.report(
                event.line,
                TOTAL_MISMATCH,
                recorded=event.cumulative,
                previous=previous,
                score=event.score,
                expected=expected,
            )
        # Follow the record from here so that one slip is reported once, not on every line.
        self.totals[event.player] = event.cumulative

    # ------------------------------------------------------------------------- racks

    def check_rack(self, line: int, player: int, rack: str) -> bool:
        """Check that the rack holds only unseen tiles and what was kept from the last turn.

        Returns whether the rack is known in full. Annotators often write only the tiles an
        opponent played; a rack shorter than full while the bag still holds tiles is taken
        as such a partial rack, and what it says about the tiles kept is not checked.
        """
        if not rack:
            return False
        excess = "".join(
            tile * (count + self.on_board[tile] - TILE_COUNTS.get(tile, 0))
            for tile, count in Counter(rack).items()
            if count + self.on_board[tile] > TILE_COUNTS.get(tile, 0)
        )
        if excess:
            self.report(line, NOT_UNSEEN, rack=rack, tiles=sort_tiles(excess))
        in_full = len(rack) >= self.rules.rack_size or self._bag_is_empty()
        kept = self.kept[player]
        if in_full and kept and not rack_contains(rack, kept):
            self.report(line, LEAVE_MISSING, rack=rack, tiles=_missing(rack, kept))
        return in_full

    def _bag_is_empty(self) -> bool:
        """Whether the bag is empty once both players hold full racks (tile tracking)."""
        on_board = sum(self.on_board.values())
        return on_board + 2 * self.rules.rack_size >= _TILES_IN_SET

    def final_rack(self, player: int, rack: str) -> None:
        """Check a #rack1/#rack2 final rack; its problems have line 0 (the record as a whole)."""
        self.check_rack(0, player, rack)

    # ------------------------------------------------------------------------- events

    def play(self, event: GcgEvent) -> None:
        in_full = self.check_rack(event.line, event.player, event.rack)
        rules = self.rules
        try:
            row, col, across = parse_position(event.position)
            scored = score_play(
                self.board,
                Play(row, col, across, event.word),
                rack_size=rules.rack_size,
                bingo_bonus=rules.bingo_bonus,
                bingo_min_tiles=rules.bingo_min_tiles,
                tiles_on_rack=len(event.rack) if event.rack else None,
            )
        except IllegalMove as err:
            self.problems.append(Problem(event.line, err.template, dict(err.params)))
            self.last_play = _LastPlay(event, None)
            self.kept[event.player] = None
            self.recomputed[event.player] += event.score
            return
        self.plays_rescored += 1
        if scored.score != event.score:
            self.report(
                event.line,
                SCORE_MISMATCH,
                move=f"{event.position} {event.word}",
                recorded=event.score,
                computed=scored.score,
            )
        used = scored.tiles_used
        if event.rack and not rack_contains(event.rack, used):
            self.report(event.line, NOT_ON_RACK, tiles=_missing(event.rack, used), rack=event.rack)
        apply_play(self.board, scored)
        self.on_board.update(used)
        self.recomputed[event.player] += scored.score
        self.kept[event.player] = _leave(event.rack, used) if in_full else None
        self.last_play = _LastPlay(event, scored)

    def phony_withdrawn(self, event: GcgEvent) -> None:
        last = self.last_play
        if last is None or last.event.player != event.player:
            self.report(event.line, NO_PLAY_TO_WITHDRAW)
            self.recomputed[event.player] += event.score
            return
        if last.scored is not None:
            self.board.remove((p.row, p.col) for p in last.scored.placed)
            self.on_board.subtract(last.scored.tiles_used)
            self.recomputed[event.player] -= last.scored.score
        else:
            self.recomputed[event.player] -= last.event.score
        if event.score != -last.event.score:
            self.report(
                event.line,
                WITHDRAW_SCORE,
                played=last.event.score,
                expected=-last.event.score,
                recorded=event.score,
            )
        # The tiles come back: the player holds the whole rack of the withdrawn play again.
        self.kept[event.player] = last.event.rack or None
        in_full = self.check_rack(event.line, event.player, event.rack)
        self.kept[event.player] = event.rack if in_full else None

    def challenge_bonus(self, event: GcgEvent) -> None:
        previous = self.previous
        if (
            previous is None
            or previous.kind is not EventKind.PLAY
            or previous.player != event.player
        ):
            self.report(event.line, NO_PLAY_FOR_BONUS)
        if self.check_rack(event.line, event.player, event.rack):
            self.kept[event.player] = event.rack
        self.recomputed[event.player] += event.score

    def pass_turn(self, event: GcgEvent) -> None:
        if event.score != 0:
            self.report(event.line, SCORELESS_TURN, recorded=event.score)
        if self.check_rack(event.line, event.player, event.rack):
            self.kept[event.player] = event.rack

    def exchange(self, event: GcgEvent) -> None:
        if event.score != 0:
            self.report(event.line, SCORELESS_TURN, recorded=event.score)
        most = self.rules.rack_size
        if not 1 <= event.exchange_count <= most:
            self.report(event.line, EXCHANGE_COUNT, most=most, count=event.exchange_count)
        in_full = self.check_rack(event.line, event.player, event.rack)
        tiles = event.exchanged
        if event.rack and tiles and not rack_contains(event.rack, tiles):
            self.report(event.line, NOT_ON_RACK, tiles=_missing(event.rack, tiles), rack=event.rack)
        self.kept[event.player] = _leave(event.rack, tiles) if in_full and tiles else None

    def end_rack_bonus(self, event: GcgEvent) -> None:
        counted = event.counted_rack
        opponent = 1 - event.player
        self.check_rack(event.line, opponent, counted)
        kept = self.kept[event.player]
        if kept:
            self.report(event.line, OUT_WITH_TILES, tiles=sort_tiles(kept))
        value = rack_value(counted)
        if event.score not in (value, 2 * value):
            self.report(
                event.line,
                RACK_BONUS_VALUE,
                rack=counted,
                value=value,
                doubled=2 * value,
                recorded=event.score,
            )
        self.recomputed[event.player] += event.score

    def end_rack_penalty(self, event: GcgEvent) -> None:
        counted = event.counted_rack
        self.check_rack(event.line, event.player, counted)
        if event.rack and sorted(event.rack) != sorted(counted):
            self.report(event.line, RACK_NOT_COUNTED, counted=counted, rack=event.rack)
        value = rack_value(counted)
        if event.score != -value:
            self.report(
                event.line, RACK_PENALTY_VALUE, rack=counted, value=value, recorded=event.score
            )
        self.recomputed[event.player] += event.score

    def time_penalty(self, event: GcgEvent) -> None:
        self.check_rack(event.line, event.player, event.rack)
        self.recomputed[event.player] += event.score


_HANDLERS = {
    EventKind.PLAY: _Replay.play,
    EventKind.PHONY_WITHDRAWN: _Replay.phony_withdrawn,
    EventKind.CHALLENGE_BONUS: _Replay.challenge_bonus,
    EventKind.PASS: _Replay.pass_turn,
    EventKind.EXCHANGE: _Replay.exchange,
    EventKind.END_RACK_BONUS: _Replay.end_rack_bonus,
    EventKind.END_RACK_PENALTY: _Replay.end_rack_penalty,
    EventKind.TIME_PENALTY: _Replay.time_penalty,
}


def _missing(rack: str, tiles: str) -> str:
    """The tiles of ``tiles`` that ``rack`` lacks, in display order."""
    return sort_tiles("".join((Counter(tiles) - Counter(rack)).elements()))


def _leave(rack: str, tiles: str) -> str:
    """``rack`` without ``tiles``, ignoring tiles it never held (already reported)."""
    return "".join((Counter(rack) - Counter(tiles)).elements())
