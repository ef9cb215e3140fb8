"""A scoresheet as entries, replayed on the engine: the bridge between the Turn rows and the engine.

The referee writes *entries* (a move with its rack, seconds and challenge outcome, or a recorded
time penalty). The sheet's lines (score, running totals, lost turns, rack adjustments) are never
typed: they are what the engine makes of the entries, so the whole sheet is replayed from its
entries on every change. This module imports no Django so that it can be tested and benchmarked on
its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.refusal import Refusal, gettext_noop

from .board import Board, Placement
from .messages import BAD_RACK_TEXT, IllegalMove
from .moves import Exchange, Pass, Play, parse_move
from .rules import RuleSet, game_winner
from .scoring import score_play
from .state import (
    ChallengeUnsuccessful,
    Ending,
    ExchangeTurn,
    GameState,
    PassTurn,
    PhonyWithdrawn,
    PlayTurn,
    TurnKind,
    TurnOutcome,
)

NO_CHALLENGE = "none"
PHONY_WITHDRAWN = "phony"
CHALLENGED_VALID = "valid"
CHALLENGES = (NO_CHALLENGE, PHONY_WITHDRAWN, CHALLENGED_VALID)

ONLY_PLAYS_CHALLENGED = gettext_noop("Only a play can be challenged.")
NO_PLAY_TO_CHALLENGE = gettext_noop(
    "The last entry is not a play, so there is nothing to challenge."
)
NOTHING_TO_UNDO = gettext_noop("The scoresheet is empty: there is nothing to undo.")


class SheetEntryRefused(Refusal):
    """The engine refused entry ``index`` (0-based) of a sheet, which came from GCG ``line`` (0
    when typed); the template and params are the engine's."""

    def __init__(self, template: str, /, *, index: int, line: int = 0, **params: object) -> None:
        self.index = index
        self.line = line
        super().__init__(template, **params)


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """What the referee wrote for one turn.

    ``move`` is scoresheet text ("8D TRAIN", "-", "-ABC", "-3"); an entry with ``penalty`` set is
    a recorded time penalty for ``player`` instead (GCG "(time)"), applied as given.
    ``line`` is where the entry came from (a GCG line number), for error messages.
    """

    move: str = ""
    rack: str = ""
    seconds: int | None = None
    challenge: str = NO_CHALLENGE
    notes: str = ""
    penalty: int | None = None
    player: int | None = None
    line: int = 0

    @property
    def is_penalty(self) -> bool:
        return self.penalty is not None

    @property
    def is_play(self) -> bool:
        """Whether the entry placed tiles: the only kind of entry a challenge can be about."""
        return not self.is_penalty and isinstance(parse_move(self.move), Play)


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One line of the sheet as the engine computed it; ``entry`` is the entry that made it
    (``None`` for the clock penalties applied at the end); ``is_entry`` marks the entry's own line."""

    entry: int | None
    is_entry: bool
    player: int
    kind: str
    score: int
    totals: tuple[int, ...]
    words: tuple[str, ...] = ()
    withdrawn_score: int | None = None
    counted_rack: str = ""
    placed: tuple[Placement, ...] = ()
    reason: str = ""
    params: dict = field(default_factory=dict)


@dataclass
class SheetReplay:
    """The outcome of replaying a sheet: the engine state and the lines, with totals that include
    recorded time penalties (which the engine does not know about)."""

    state: GameState
    lines: list[SheetLine]
    offsets: list[int]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s + o for s, o in zip(self.state.scores, self.offsets, strict=True))

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def ending(self) -> str:
        return self.state.ending.value if self.state.ending else ""

    @property
    def awaiting_racks(self) -> tuple[int, ...]:
        """The sides whose tiles left at the end are needed before the result is final."""
        return self.state.awaiting_racks

    @property
    def winner(self) -> int | None:
        """The winner once the game is over, ``None`` for a tie, while it goes on, or while it
        waits for the racks."""
        state = self.state
        if not state.is_over or state.awaiting_racks:
            return None
        if not any(self.offsets) or state.ending is Ending.FORFEIT:
            # A forfeit is won by the side that did not forfeit, whatever the scores say.
            return state.winner
        totals = self.totals
        before = state.scores_before_adjustments or totals
        return game_winner(state.rules, totals, before, range(len(totals)))


def clean_rack(rack: str) -> str:
    """A rack in upper case (blanks as ``?``); raises ``IllegalMove`` on anything else."""
    rack = rack.strip().upper()
    if not all(ch == "?" or "A" <= ch <= "Z" for ch in rack):
        raise IllegalMove(BAD_RACK_TEXT, rack=rack)
    return rack


def entry_events(entry: SheetEntry, state: GameState) -> list:
    """The engine events for one entry, given the state it is applied to."""
    move = parse_move(entry.move)
    rack = clean_rack(entry.rack) or None
    # A rack shorter than what the player holds is a partial note (annotators often write only
    # the tiles played): keep it on the sheet but do not make the engine check it.
    if rack is not None and len(rack) < state.rack_counts[state.to_move]:
        rack = None
    if entry.challenge != NO_CHALLENGE and not isinstance(move, Play):
        raise IllegalMove(ONLY_PLAYS_CHALLENGED)
    seconds = entry.seconds
    if isinstance(move, Pass):
        return [PassTurn(seconds, rack)]
    if isinstance(move, Exchange):
        return [ExchangeTurn(move.tiles or move.count, seconds, rack)]
    if entry.challenge == PHONY_WITHDRAWN:
        return [PhonyWithdrawn(move, seconds, rack)]
    events: list = [PlayTurn(move, seconds, rack)]
    if entry.challenge == CHALLENGED_VALID:
        events.append(ChallengeUnsuccessful())
    return events


def replay_sheet(
    rules: RuleSet,
    names: Sequence[str],
    entries: Sequence[SheetEntry],
    *,
    forfeited_by: int | None = None,
    until_line: int | None = None,
    end_racks: Sequence[str | None] = (),
) -> SheetReplay:
    """Replay ``entries`` on a fresh scoresheet game; raises ``SheetEntryRefused`` on the first entry
    the engine refuses. With ``until_line`` the replay stops once that many lines are written
    (to show the board part-way through)."""
    state = GameState.new(rules, list(names), racks_known=False)
    replay = SheetReplay(state, [], [0] * len(names))
    for index, entry in enumerate(entries):
        if until_line is not None and len(replay.lines) >= until_line:
            return replay
        try:
            _apply_entry(replay, index, entry)
        except IllegalMove as err:
            raise SheetEntryRefused(
                err.template, index=index, line=entry.line, **err.params
            ) from err
    if until_line is not None and len(replay.lines) >= until_line:
        return replay
    if forfeited_by is not None and not state.is_over:
        state.forfeit(forfeited_by)
    if state.awaiting_racks and any(rack is not None for rack in end_racks):
        _give_end_racks(replay, end_racks)  # none given yet: the game stays awaiting them
    _apply_game_clock(replay, entries)
    return replay


def _give_end_racks(replay: SheetReplay, end_racks: Sequence[str | None]) -> None:
    """The tiles left on the racks a finished sheet waits for, and their adjustment lines;
    raises ``IllegalMove`` for racks the engine refuses."""
    state = replay.state
    before = len(state.turns)
    state.give_end_racks({i: r for i, r in enumerate(end_racks) if r is not None})
    board = state.board.copy()
    for outcome in state.turns[before:]:
        replay.lines.append(_line(replay, None, False, outcome, board))


def _apply_entry(replay: SheetReplay, index: int, entry: SheetEntry) -> None:
    state = replay.state
    if entry.is_penalty:
        player = entry.player or 0
        replay.offsets[player] += entry.penalty or 0
        score = entry.penalty or 0
        totals = _running(replay, player, score)
        replay.lines.append(SheetLine(index, True, player, TurnKind.CLOCK.value, score, totals))
        return
    events = entry_events(entry, state)
    board_before = state.board.copy()
    outcomes: list[TurnOutcome] = []
    for event in events:
        before = len(state.turns)
        state.apply(event)
        outcomes.extend(state.turns[before:])
    # A play that goes out and is then challenged: the engine settles the racks first, but a
    # scoresheet (and GCG) writes the challenge line right after the play, the racks last.
    outcomes.sort(key=lambda outcome: outcome.kind is TurnKind.RACK)
    for position, outcome in enumerate(outcomes):
        replay.lines.append(_line(replay, index, position == 0, outcome, board_before))


def _running(replay: SheetReplay, player: int, score: int) -> tuple[int, ...]:
    """The running totals after a line of ``score`` points for ``player``."""
    totals = list(replay.lines[-1].totals if replay.lines else (0,) * len(replay.offsets))
    totals[player] += score
    return tuple(totals)


def _line(
    replay: SheetReplay, index: int | None, is_entry: bool, outcome: TurnOutcome, board: Board
) -> SheetLine:
    state = replay.state
    withdrawn = None
    if outcome.kind is TurnKind.PHONY and isinstance(outcome.event, PhonyWithdrawn):
        rules = state.rules
        withdrawn = score_play(
            board,
            outcome.event.play,
            rack_size=rules.rack_size,
            bingo_bonus=rules.bingo_bonus,
            bingo_min_tiles=rules.bingo_min_tiles,
        ).score
    counted = ""
    if outcome.kind is TurnKind.RACK:
        racks = state.final_racks or ()
        if outcome.score > 0:
            counted = "".join(r or "" for i, r in enumerate(racks) if i != outcome.player)
        else:
            counted = str(outcome.params.get("rack", ""))
    # Running totals are the sums of the lines' scores (every change of score is a line), so
    # they stay right when lines are reordered or a recorded time penalty sits among them.
    totals = _running(replay, outcome.player, outcome.score)
    return SheetLine(
        entry=index,
        is_entry=is_entry,
        player=outcome.player,
        kind=outcome.kind.value,
        score=outcome.score,
        totals=totals,
        words=outcome.words,
        withdrawn_score=withdrawn,
        counted_rack=counted,
        placed=outcome.scored.placed if outcome.scored else (),
        reason=outcome.reason,
        params=dict(outcome.params),
    )


def _apply_game_clock(replay: SheetReplay, entries: Sequence[SheetEntry]) -> None:
    """Game-clock overtime from the seconds recorded on the turns, once the game is over, unless
    the sheet already records its time penalties by hand."""
    state = replay.state
    if (
        not state.is_over
        or state.rules.game_clock_seconds is None
        or any(e.is_penalty for e in entries)
        or not any(e.seconds for e in entries)
    ):
        return
    before = len(state.turns)
    state.finish_with_clock()
    for outcome in state.turns[before:]:
        replay.lines.append(_line(replay, None, False, outcome, state.board))
