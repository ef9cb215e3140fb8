"""Random legal games: the one generator behind the engine's property tests and the replay
benchmark (which writes its games out as GCG records).

There is no dictionary here: any run of letters counts as a word, so the generator only has to
respect the placement rules. Every choice comes from a ``random.Random`` seeded by the caller.
Each turn event states the rack it was made from, as a scoresheet would.
"""

from __future__ import annotations

import random
import string

from .board import SIZE, Board, Placement
from .messages import IllegalMove
from .moves import Play, play_from_tiles
from .rules import RuleSet
from .scoring import score_play
from .state import (
    ChallengeSuccessful,
    ChallengeUnsuccessful,
    ExchangeTurn,
    GameState,
    PassTurn,
    PlayTurn,
    TurnEvent,
    TurnOutcome,
)
from .tiles import BLANK

GameRecord = list[tuple[TurnEvent, TurnOutcome]]


def play_random_game(
    seed: int, rules: RuleSet, *, players: int = 2, max_events: int = 3000
) -> tuple[GameState, GameRecord]:
    """Play a random legal game to its end; returns the final state and the record.

    Raises ``RuntimeError`` if the game has not ended after ``max_events`` events (a guard:
    passes and the finite bag make every game end long before).
    """
    rng = random.Random(seed)
    state = GameState.new(rules, [f"Player {i + 1}" for i in range(players)], seed=seed)
    record: GameRecord = []
    while not state.is_over or state.can_challenge:
        if len(record) >= max_events:
            raise RuntimeError(f"random game {seed} did not end in {max_events} events")
        event = _challenge(state, rng) if state.can_challenge else None
        if event is None:
            if state.is_over:
                break
            event = _turn(state, rng)
        record.append((event, state.apply(event)))
    return state, record


def _challenge(state: GameState, rng: random.Random) -> TurnEvent | None:
    """Now and then challenge the play just made, successfully or not."""
    roll = rng.random()
    if roll < 0.05:
        return ChallengeSuccessful()
    if roll < 0.10:
        return ChallengeUnsuccessful()
    return None


def _turn(state: GameState, rng: random.Random) -> TurnEvent:
    """A random turn for the player to move: mostly plays, sometimes exchanges and passes."""
    rules, rack = state.rules, (state.racks or ())[state.to_move]
    seconds = _seconds(rules, rng)
    roll = rng.random()
    needed = max(rules.exchange_min_bag, 1)
    if roll < 0.04 and rack and state.bag_count >= needed:
        count = rng.randint(1, min(len(rack), state.bag_count))
        return ExchangeTurn("".join(rng.sample(rack, count)), seconds, rack)
    if roll > 0.97:
        return PassTurn(seconds, rack)
    play = random_play(state.board, rack, rng, rules=rules)
    return PlayTurn(play, seconds, rack) if play is not None else PassTurn(seconds, rack)


def _seconds(rules: RuleSet, rng: random.Random) -> int | None:
    """Seconds spent on a turn when the rules time turns (sometimes over a per-turn limit)."""
    if rules.turn_time_limit_seconds is not None:
        return rng.randint(5, rules.turn_time_limit_seconds + 6)
    if rules.game_clock_seconds is not None:
        return rng.randint(10, 150)
    return None


def random_play(
    board: Board, rack: str, rng: random.Random, *, rules: RuleSet, tries: int = 80
) -> Play | None:
    """A random play from ``rack`` that the placement rules accept, or ``None`` if none found."""
    if not rack:
        return None
    anchors = _anchors(board)
    for _ in range(tries):
        count = rng.randint(1, len(rack))
        tiles = [_declare(t, rng) for t in rng.sample(rack, count)]
        across = rng.random() < 0.5
        row, col = rng.choice(anchors)
        squares = _squares_through(board, row, col, across, count, rng.randint(0, count - 1))
        if len(squares) != count:
            continue
        placements = [
            Placement(r, c, t.upper(), t.islower())
            for (r, c), t in zip(squares, tiles, strict=True)
        ]
        try:
            play = play_from_tiles(board, placements)
            score_play(board, play, rack=rack, rack_size=rules.rack_size)
        except IllegalMove:
            continue
        return play
    return None


def _declare(tile: str, rng: random.Random) -> str:
    """A rack tile as laid: a blank becomes a random lower-case letter."""
    return rng.choice(string.ascii_lowercase) if tile == BLANK else tile


def _anchors(board: Board) -> list[tuple[int, int]]:
    """Empty squares next to a tile (the centre on an empty board)."""
    if board.is_empty():
        return [(7, 7)]
    anchors = []
    for r in range(SIZE):
        for c in range(SIZE):
            if board.get(r, c) is None and any(
                board.get(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            ):
                anchors.append((r, c))
    return anchors


def _squares_through(
    board: Board, row: int, col: int, across: bool, count: int, before: int
) -> list[tuple[int, int]]:
    """Up to ``count`` empty squares on the line through an anchor, ``before`` of them ahead of
    it, skipping over occupied squares (so the tiles join up with the board)."""
    dr, dc = (0, 1) if across else (1, 0)
    ahead: list[tuple[int, int]] = []
    r, c = row - dr, col - dc
    while len(ahead) < before and 0 <= r < SIZE and 0 <= c < SIZE:
        if board.get(r, c) is None:
            ahead.append((r, c))
        r, c = r - dr, c - dc
    behind = [(row, col)]
    r, c = row + dr, col + dc
    while len(ahead) + len(behind) < count and 0 <= r < SIZE and 0 <= c < SIZE:
        if board.get(r, c) is None:
            behind.append((r, c))
        r, c = r + dr, c + dc
    return ahead[::-1] + behind
