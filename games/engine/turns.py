"""Taking turns: a play, an exchange, a pass, a phony withdrawn or a turn lost to the clock,
each checked against the rack (or, on a scoresheet, the unseen tiles) and recorded as an outcome
line with the running totals.

``TurnTaking`` is a mixin of ``GameState``; it works on the state's own attributes.
"""

from __future__ import annotations

from typing import Any

from . import messages as msg
from .board import Board
from .messages import IllegalMove
from .moves import (
    ChallengeSuccessful,
    ChallengeUnsuccessful,
    ExchangeTurn,
    PassTurn,
    PhonyWithdrawn,
    Play,
    PlayTurn,
    TimeOverrun,
    TurnEvent,
)
from .outcomes import REASONS, TurnKind, TurnOutcome
from .rules import RuleSet
from .scoring import ScoredPlay, score_play
from .tiles import Bag, rack_contains, rack_remove, sort_tiles


class TurnTaking:
    """Applying turn events to the state and writing the outcome lines."""

    # Provided by GameState (declared here for readers and type checkers).
    rules: RuleSet
    players: tuple[str, ...]
    board: Board
    _bag: Bag | None
    _racks: list[str] | None
    _rack_counts: list[int]
    _hints: list[str | None]
    _scores: list[int]
    _to_move: int
    _turns: list[TurnOutcome]
    _turn_log: list[TurnOutcome]
    _turns_taken: list[int]
    _clock_used: list[int]
    _challengeable: object | None

    def apply(self, event: TurnEvent) -> TurnOutcome:
        """Record one turn event; raises ``IllegalMove`` (state unchanged) when it is refused."""
        if isinstance(event, ChallengeUnsuccessful):
            return self._challenge_fails()
        if isinstance(event, ChallengeSuccessful):
            return self._challenge_succeeds()
        if self.is_over:
            raise IllegalMove(msg.GAME_OVER)
        player = self._to_move
        seconds = getattr(event, "seconds", None)
        limit = self.rules.turn_time_limit_seconds
        if isinstance(event, TimeOverrun) or (limit and seconds is not None and seconds > limit):
            return self._time_overrun(player, seconds)
        rack = self._rack_for(player, getattr(event, "rack", None))
        if isinstance(event, PlayTurn):
            return self._play(player, event, rack)
        if isinstance(event, ExchangeTurn):
            return self._exchange(player, event, rack)
        if isinstance(event, PhonyWithdrawn):
            self._scored(player, event.play, rack)  # the play must still be placeable
            self._keep_hint(player, rack)
            return self._close_turn(player, TurnKind.PHONY, 0, event, move=str(event.play))
        if isinstance(event, PassTurn):
            self._keep_hint(player, rack)
            return self._close_turn(player, TurnKind.PASS, 0, event)
        raise TypeError(f"not a turn event: {event!r}")

    def _rack_for(self, player: int, given: str | None) -> str | None:
        """The rack to check tiles against: the known rack, or a scoresheet's stated rack."""
        if self._racks is not None:
            if given is not None and sorted(given) != sorted(self._racks[player]):
                raise IllegalMove(msg.BAD_RACK, rack=given, held=len(self._racks[player]))
            return self._racks[player]
        if given is None:
            hint = self._hints[player]
            if hint and not rack_contains(self.unplayed(), hint):
                self._hints[player] = hint = None  # stale: the record contradicts it since
            return hint
        given = given.upper()
        if len(given) != self._rack_counts[player] or not rack_contains(self.unplayed(), given):
            raise IllegalMove(msg.BAD_RACK, rack=given, held=self._rack_counts[player])
        return given

    def _keep_hint(self, player: int, rack: str | None) -> None:
        """Remember a scoresheet rack that stays the same through a turn without a draw."""
        if self._racks is None and rack is not None:
            self._hints[player] = rack

    def _scored(self, player: int, play: Play, rack: str | None) -> ScoredPlay:
        """Score a play for ``player``, checking tiles against the rack or the unseen pool."""
        rules = self.rules
        scored = score_play(
            self.board,
            play,
            rack=rack,
            rack_size=rules.rack_size,
            bingo_bonus=rules.bingo_bonus,
            bingo_min_tiles=rules.bingo_min_tiles,
            tiles_on_rack=self._rack_counts[player],
        )
        used = scored.tiles_used
        if rack is None:
            if not rack_contains(self.unplayed(), used):
                raise IllegalMove(msg.TILES_NOT_UNSEEN, tiles=sort_tiles(used))
            if len(used) > self._rack_counts[player]:
                raise IllegalMove(
                    msg.TOO_MANY_TILES, count=len(used), held=self._rack_counts[player]
                )
        return scored

    def _play(self, player: int, event: PlayTurn, rack: str | None) -> TurnOutcome:
        scored = self._scored(player, event.play, rack)
        snapshot = self._snapshot(event, player)
        used = scored.tiles_used
        drawn = min(len(used), self.bag_count)  # before placing: a scoresheet counts the board
        self.board.place(scored.placed)
        if self._racks is not None and self._bag is not None:
            self._racks[player] = rack_remove(self._racks[player], used) + self._bag.draw(drawn)
            self._rack_counts[player] = len(self._racks[player])
        else:
            self._rack_counts[player] += drawn - len(used)
            # The leave stays known only if nothing new was drawn onto it.
            self._hints[player] = (
                rack_remove(rack, used) if rack is not None and not drawn else None
            )
        self._scores[player] += scored.score
        outcome = self._close_turn(
            player, TurnKind.PLAY, scored.score, event, scored=scored, move=str(event.play)
        )
        self._challengeable = snapshot
        return outcome

    def _exchange(self, player: int, event: ExchangeTurn, rack: str | None) -> TurnOutcome:
        count = event.count
        most = min(self.rules.rack_size, self._rack_counts[player])
        if not 1 <= count <= most:
            raise IllegalMove(msg.EXCHANGE_COUNT, most=most)
        needed = max(self.rules.exchange_min_bag, count)
        if self.bag_count < needed:
            raise IllegalMove(msg.EXCHANGE_BAG_TOO_SMALL, needed=needed, bag=self.bag_count)
        tiles = event.tiles.upper() if isinstance(event.tiles, str) else None
        if self._racks is not None and self._bag is not None:
            if tiles is None:
                raise IllegalMove(msg.EXCHANGE_TILES_NEEDED)
            if not rack_contains(self._racks[player], tiles):
                raise IllegalMove(msg.NOT_ON_RACK, rack=self._racks[player], tiles=tiles)
            kept = rack_remove(self._racks[player], tiles)
            self._racks[player] = kept + self._bag.exchange(tiles)
        elif tiles is not None and rack is not None and not rack_contains(rack, tiles):
            raise IllegalMove(msg.NOT_ON_RACK, rack=rack, tiles=tiles)
        elif tiles is not None and not rack_contains(self.unplayed(), tiles):
            raise IllegalMove(msg.TILES_NOT_UNSEEN, tiles=sort_tiles(tiles))
        self._hints[player] = None
        return self._close_turn(player, TurnKind.EXCHANGE, 0, event, count=count)

    def _time_overrun(self, player: int, seconds: int | None) -> TurnOutcome:
        limit = self.rules.turn_time_limit_seconds
        if limit is None:
            raise IllegalMove(msg.NO_TURN_LIMIT)
        if seconds is None or seconds <= limit:
            raise IllegalMove(msg.NOT_OVER_TIME, seconds=seconds or 0, limit=limit)
        return self._close_turn(
            player, TurnKind.TIME_OVERRUN, 0, TimeOverrun(seconds), limit=limit, seconds=seconds
        )

    def _close_turn(
        self,
        player: int,
        kind: TurnKind,
        score: int,
        event: object,
        *,
        scored: ScoredPlay | None = None,
        **params: Any,
    ) -> TurnOutcome:
        """Record a turn-consuming outcome, pass the move on and check for the end."""
        seconds = getattr(event, "seconds", None)
        if seconds:
            self._clock_used[player] += seconds
        outcome = self._record(player, kind, score, event, scored=scored, **params)
        self._turn_log.append(outcome)
        self._turns_taken[player] += 1
        self._to_move = (player + 1) % len(self.players)
        self._challengeable = None
        self._check_end(player, kind)
        return outcome

    def _record(
        self,
        player: int,
        kind: TurnKind,
        score: int,
        event: object | None,
        *,
        scored: ScoredPlay | None = None,
        consumes_turn: bool = True,
        reason: str | None = None,
        on_sheet: bool = True,
        **params: Any,
    ) -> TurnOutcome:
        """Append an outcome line with its reason text and the running totals (with
        ``on_sheet=False`` only return it: nothing happened that a line should show)."""
        params = {"player": self.players[player], "score": score, **params}
        if reason is None and kind is TurnKind.PLAY and scored is not None and scored.bingo:
            reason = msg.REASON_BINGO
        reason = reason or REASONS[kind]
        outcome = TurnOutcome(
            player=player,
            kind=kind,
            score=score,
            totals=self.scores,
            reason=reason,
            params=params,
            words=scored.words if scored else (),
            scored=scored,
            event=event,
            consumes_turn=consumes_turn,
        )
        if on_sheet:
            self._turns.append(outcome)
        return outcome
