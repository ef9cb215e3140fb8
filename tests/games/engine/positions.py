"""What the tests reach into a game for: resuming it from a position they set up (racks known:
the board, the racks, the bag, the scores and whose turn it is), and the tiles in its bag (the
desk never shows them)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.board import Board
from games.engine.rules import RuleSet
from games.engine.state import GameState
from games.engine.tiles import FULL_SET, Bag, rack_contains, rack_remove


def from_position(
    rules: RuleSet,
    players: Sequence[str],
    *,
    board: Board,
    racks: Sequence[str],
    bag_tiles: str | None = None,
    scores: Sequence[int] | None = None,
    to_move: int = 0,
    seed: int = 0,
) -> GameState:
    """``bag_tiles`` defaults to every tile not on the board or a rack; the bag is shuffled
    with ``seed``."""
    placed = board.tiles_on_board() + "".join(racks)
    if not rack_contains(FULL_SET, placed + (bag_tiles or "")):
        raise ValueError("the board, racks and bag hold more tiles than the set")
    if bag_tiles is None:
        bag_tiles = rack_remove(FULL_SET, placed)
    state = GameState(rules, players, board, Bag(seed, bag_tiles), [r.upper() for r in racks])
    state._scores = list(scores) if scores is not None else [0] * len(players)
    state._to_move = to_move
    return state


def bag_tiles(state: GameState) -> str | None:
    """The tiles in the bag in display order (``None`` in a scoresheet game)."""
    return state._bag.remaining() if state._bag is not None else None
