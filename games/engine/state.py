"""The game as a state machine: turn events in, turn outcomes out, until the game ends.

Taking turns lives in .turns, challenges in .challenges and the end of the game (endings, rack
settlement, clock, winner) in .endings, as mixins of ``GameState``; the outcome vocabulary is in
.outcomes.

Two modes: with ``racks_known`` the racks are dealt from a seeded bag and every play must come
from the rack; without, the state is a scoresheet: it tracks the board, the unseen tiles and how
many tiles each player holds, and refuses plays needing tiles that are no longer unseen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from . import messages as msg
from .board import STANDARD_LAYOUT, Board, Layout
from .challenges import ChallengeHandling, PlaySnapshot
from .endings import GameEnding
from .messages import IllegalMove
from .moves import (
    ChallengeSuccessful,
    ChallengeUnsuccessful,
    ExchangeTurn,
    PassTurn,
    PhonyWithdrawn,
    PlayTurn,
    TimeOverrun,
    TurnEvent,
)
from .outcomes import Ending, TurnKind, TurnOutcome
from .rules import RuleSet
from .tiles import FULL_SET, Bag, sort_tiles
from .turns import TurnTaking

# The public API: the state, its outcomes and the turn events it takes (the events live in
# .moves and the outcomes in .outcomes; they stay importable from here as before the split).
__all__ = [
    "ChallengeSuccessful",
    "ChallengeUnsuccessful",
    "Ending",
    "ExchangeTurn",
    "GameState",
    "PassTurn",
    "PhonyWithdrawn",
    "PlayTurn",
    "TimeOverrun",
    "TurnEvent",
    "TurnKind",
    "TurnOutcome",
]


class GameState(TurnTaking, ChallengeHandling, GameEnding):
    """A game in progress: board, racks or rack counts, scores, turns and the ending."""

    def __init__(
        self,
        rules: RuleSet,
        players: Sequence[str],
        board: Board,
        bag: Bag | None,
        racks: list[str] | None,
    ) -> None:
        """Use ``GameState.new``; this wires up an already dealt game."""
        n = len(players)
        self.rules = rules
        self.players = tuple(players)
        self.board = board
        self._bag = bag
        self._racks = racks
        self._rack_counts = [len(r) for r in racks] if racks else [rules.rack_size] * n
        self._hints: list[str | None] = [None] * n
        self._scores = [0] * n
        self._to_move = 0
        self._turns: list[TurnOutcome] = []
        self._turn_log: list[TurnOutcome] = []
        self._turns_taken = [0] * n
        self._clock_used = [0] * n
        self._ending: Ending | None = None
        self._out_player: int | None = None
        self._forfeit_loser: int | None = None
        self._before_adjustments: tuple[int, ...] | None = None
        self._final_racks: tuple[str | None, ...] | None = None
        self._awaiting_racks: tuple[int, ...] = ()
        self._clock_applied = False
        self._challengeable: PlaySnapshot | None = None

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        players: Sequence[str],
        *,
        seed: int | None = None,
        racks_known: bool = True,
        layout: Layout = STANDARD_LAYOUT,
    ) -> GameState:
        """Start a game. With ``racks_known`` the racks come from a bag shuffled with ``seed``
        (``None`` means seed 0, so a game is always reproducible), the first player drawing
        first; without, the game is a scoresheet that tracks tiles but not racks."""
        if not rules.min_players <= len(players) <= rules.max_players:
            raise IllegalMove(
                msg.WRONG_PLAYER_COUNT,
                least=rules.min_players,
                most=rules.max_players,
                count=len(players),
            )
        if not racks_known:
            return cls(rules, players, Board(layout), None, None)
        bag = Bag(0 if seed is None else seed)
        racks = [bag.draw(rules.rack_size) for _ in players]
        return cls(rules, players, Board(layout), bag, racks)

    # --- read-only views -----------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """Index of the player whose turn it is."""
        return self._to_move

    @property
    def scores(self) -> tuple[int, ...]:
        """Current totals (after the game ends: including rack and clock adjustments)."""
        return tuple(self._scores)

    @property
    def racks(self) -> tuple[str, ...] | None:
        """The racks, or ``None`` in a scoresheet game."""
        return tuple(self._racks) if self._racks is not None else None

    @property
    def rack_counts(self) -> tuple[int, ...]:
        """How many tiles each player holds."""
        return tuple(self._rack_counts)

    @property
    def bag_count(self) -> int:
        """How many tiles are still in the bag."""
        if self._bag is not None:
            return len(self._bag)
        return len(FULL_SET) - self.board.tile_count() - sum(self._rack_counts)

    def unplayed(self) -> str:
        """Every tile not on the board (bag and all racks), in display order."""
        return sort_tiles(
            "".join((Counter(FULL_SET) - Counter(self.board.tiles_on_board())).elements())
        )

    @property
    def turns(self) -> list[TurnOutcome]:
        """Every outcome so far, including non-turn entries (challenge points, rack, clock)."""
        return list(self._turns)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._ending is not None

    @property
    def ending(self) -> Ending | None:
        """Why the game ended, ``None`` while it goes on."""
        return self._ending

    @property
    def out_player(self) -> int | None:
        """The player who went out, if the game ended that way."""
        return self._out_player

    @property
    def scores_before_adjustments(self) -> tuple[int, ...] | None:
        """Totals when the game ended, before rack adjustments (the home tie-break)."""
        return self._before_adjustments

    @property
    def final_racks(self) -> tuple[str | None, ...] | None:
        """The racks settled at the end (``None`` for a scoresheet rack that was not known)."""
        return self._final_racks

    @property
    def can_challenge(self) -> bool:
        """Whether the last event was a play that the player to move may still challenge."""
        return self._challengeable is not None
