"""Challenges in the game state: a play stays open to challenge until the next event; a
successful challenge rolls the play back, an unsuccessful one costs what the rules say.

``ChallengeHandling`` is a mixin of ``GameState``; it works on the state's own attributes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import messages as msg
from .board import Board
from .messages import IllegalMove
from .moves import ChallengeUnsuccessful, PhonyWithdrawn, PlayTurn
from .outcomes import TurnKind, TurnOutcome
from .rules import ChallengeRule, RuleSet
from .tiles import Bag

# Every mutable list of the state a successful challenge must put back as it was.
_COPIED = ("_racks", "_rack_counts", "_hints", "_scores", "_turns_taken", "_clock_used")


@dataclass
class PlaySnapshot:
    """Everything a successful challenge must roll back."""

    event: PlayTurn
    player: int
    values: dict[str, Any]


class ChallengeHandling:
    """Taking a snapshot before each play, and settling a challenge of it."""

    # Provided by GameState (declared here for readers and type checkers).
    rules: RuleSet
    board: Board
    _bag: Bag | None
    _scores: list[int]
    _to_move: int
    _turns: list[TurnOutcome]
    _turn_log: list[TurnOutcome]
    _challengeable: PlaySnapshot | None

    def _snapshot(self, event: PlayTurn, player: int) -> PlaySnapshot:
        values: dict[str, Any] = {name: _copy(getattr(self, name)) for name in _COPIED}
        values.update(
            board=self.board.copy(),
            _bag=self._bag.copy() if self._bag is not None else None,
            _to_move=self._to_move,
            turns_len=len(self._turns),
            log_len=len(self._turn_log),
        )
        return PlaySnapshot(event, player, values)

    def _challenge_succeeds(self) -> TurnOutcome:
        snapshot = self._challengeable
        if snapshot is None:
            raise IllegalMove(msg.NO_PLAY_TO_CHALLENGE)
        values = dict(snapshot.values)
        del self._turns[values.pop("turns_len") :]
        del self._turn_log[values.pop("log_len") :]
        for name, value in values.items():
            setattr(self, name, value)
        self._ending = self._out_player = self._before_adjustments = self._final_racks = None
        self._awaiting_racks = ()
        self._challengeable = None
        event = snapshot.event
        return self.apply(PhonyWithdrawn(event.play, event.seconds, event.rack))

    def _challenge_fails(self) -> TurnOutcome:
        snapshot = self._challengeable
        if snapshot is None:
            raise IllegalMove(msg.NO_PLAY_TO_CHALLENGE)
        challenger, points = self._to_move, self.rules.challenge_points
        event = ChallengeUnsuccessful()
        self._challengeable = None
        if self.rules.challenge is ChallengeRule.CHALLENGER_PENALTY:
            self._scores[challenger] -= points
            return self._record(
                challenger,
                TurnKind.CHALLENGE_PENALTY,
                -points,
                event,
                consumes_turn=False,
                points=points,
            )
        if self.rules.challenge is ChallengeRule.CHALLENGED_BONUS:
            self._scores[snapshot.player] += points
            outcome = self._record(
                snapshot.player,
                TurnKind.CHALLENGE_BONUS,
                points,
                event,
                consumes_turn=False,
                points=points,
            )
            if not self.is_over:
                self._check_finish_line()
            return outcome
        if self.is_over:
            # The play ended the game: no turn is left to lose, so no line says one was (GCG
            # has no such line either: the racks' line follows the play). The play's entry
            # keeps the challenge.
            lost = TurnKind.LOST_CHALLENGE
            return self._record(challenger, lost, 0, event, consumes_turn=False, on_sheet=False)
        return self._close_turn(challenger, TurnKind.LOST_CHALLENGE, 0, event)


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value
