"""The end of a game: when it ends (out, passes, scoreless turns, turn cap, finish line,
forfeit), the racks settled at the end, the clock penalty and who won.

``GameEnding`` is a mixin of ``GameState``; it works on the state's own attributes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import messages as msg
from .messages import IllegalMove
from .outcomes import Ending, TurnKind, TurnOutcome
from .rules import PassOut, RuleSet, game_winner, overtime_penalty, rack_adjustments
from .tiles import rack_contains, rack_remove


class GameEnding:
    """Deciding and recording the end of the game, and its winner."""

    # Provided by GameState (declared here for readers and type checkers).
    rules: RuleSet
    players: tuple[str, ...]
    _racks: list[str] | None
    _rack_counts: list[int]
    _hints: list[str | None]
    _scores: list[int]
    _turn_log: list[TurnOutcome]
    _turns_taken: list[int]
    _clock_used: list[int]
    _ending: Ending | None
    _out_player: int | None
    _forfeit_loser: int | None
    _before_adjustments: tuple[int, ...] | None
    _final_racks: tuple[str | None, ...] | None
    _awaiting_racks: tuple[int, ...]
    _clock_applied: bool
    _challengeable: object | None

    @property
    def winner(self) -> int | None:
        """Index of the winner once the game is over; ``None`` for a tie or while playing."""
        if not self.is_over:
            return None
        candidates = range(len(self.players))
        if self._forfeit_loser is not None:
            candidates = [i for i in candidates if i != self._forfeit_loser]
        before = self._before_adjustments or self.scores
        return game_winner(self.rules, self._scores, before, candidates)

    def _check_end(self, player: int, kind: TurnKind) -> None:
        if kind is TurnKind.PLAY and self.bag_count == 0 and self._rack_counts[player] == 0:
            self._end(Ending.OUT, out_player=player)
        elif not self._check_finish_line():
            ending = self._pass_out_ending(player)
            cap = self.rules.max_turns_per_player
            if ending is not None:
                self._end(ending)
            elif cap is not None and min(self._turns_taken) >= cap:
                self._end(Ending.TURN_CAP)

    def _check_finish_line(self) -> bool:
        target = self.rules.target_score
        if target is not None and max(self._scores) >= target:
            self._end(Ending.FINISH_LINE, adjust=False)
            return True
        return False

    def _pass_out_ending(self, player: int) -> Ending | None:
        """The pass-out ending the rules name, if the latest turns complete it."""
        rule, log, n = self.rules.pass_out, self._turn_log, len(self.players)
        if rule is PassOut.SCORELESS_TURNS:
            k = self.rules.scoreless_turns_to_end
            recent = log[-k:]
            if len(recent) == k and all(o.score == 0 for o in recent):
                return Ending.SCORELESS
            return None
        if rule is PassOut.ONE_PLAYER_TWICE:
            recent = [o for o in log if o.player == player][-2:]
        else:
            k = n if rule is PassOut.EACH_PASSES_ONCE else 2 * n
            recent = log[-k:] if len(log) >= k else []
        if recent and len(recent) >= 2 and all(o.kind is TurnKind.PASS for o in recent):
            return Ending.PASSES
        return None

    def _end(self, ending: Ending, *, out_player: int | None = None, adjust: bool = True) -> None:
        self._ending, self._out_player = ending, out_player
        self._before_adjustments = self.scores
        self._final_racks = self._settled_racks(out_player)
        if not adjust:
            return
        # A scoresheet that does not know a rack the adjustment needs waits for it: the game is
        # over, its result is not (``give_end_racks``).
        waiting = tuple(
            i
            for i, rack in enumerate(self._final_racks)
            if rack is None and self._rack_counts[i] > 0
        )
        if waiting:
            self._awaiting_racks = waiting
            return
        self._adjust_for_racks()

    @property
    def awaiting_racks(self) -> tuple[int, ...]:
        """The players whose tiles left at the end are needed before the result is final."""
        return self._awaiting_racks

    def give_end_racks(self, racks: Mapping[int, str]) -> None:
        """The tiles left on the racks the game waits for (``awaiting_racks``), then each
        player's rack adjustment as the rules say (blanks as the rules count them).

        Every awaited rack must be given, hold as many tiles as the player has, and the racks
        together (with those already known) must be tiles not on the board."""
        if not self._awaiting_racks:
            raise IllegalMove(msg.NO_RACKS_AWAITED)
        final = list(self._final_racks or ())
        for player in self._awaiting_racks:
            given = racks.get(player)
            if given is None:
                raise IllegalMove(msg.END_RACK_MISSING, player=self.players[player])
            rack = "".join(given.split()).upper()
            if not all(tile == "?" or "A" <= tile <= "Z" for tile in rack):
                raise IllegalMove(msg.BAD_RACK_TEXT, rack=rack)
            held = self._rack_counts[player]
            if len(rack) != held:
                raise IllegalMove(
                    msg.END_RACK_COUNT,
                    player=self.players[player],
                    held=held,
                    rack=rack or "—",
                    count=len(rack),
                )
            final[player] = rack
        together = "".join(r for r in final if r)
        if not rack_contains(self.unplayed(), together):
            raise IllegalMove(
                msg.END_RACKS_NOT_UNSEEN,
                racks=" / ".join(r or "—" for r in final),
                unplayed=self.unplayed(),
            )
        self._final_racks = tuple(final)
        self._awaiting_racks = ()
        self._adjust_for_racks()

    def _adjust_for_racks(self) -> None:
        """Add each player's rack adjustment to the scores, one line each."""
        out_player = self._out_player
        racks = [r or "" for r in self._final_racks or ()]
        for i, points in enumerate(rack_adjustments(self.rules, racks, out_player)):
            if points:
                self._scores[i] += points
                why = msg.REASON_RACK_OUT if points > 0 else msg.REASON_RACK_LEFT
                self._record(
                    i,
                    TurnKind.RACK,
                    points,
                    None,
                    consumes_turn=False,
                    reason=why,
                    points=abs(points),
                    rack=racks[i],
                )

    def _settled_racks(self, out_player: int | None) -> tuple[str | None, ...]:
        """Racks at the end; in a scoresheet, deduced from the unplayed tiles where possible."""
        if self._racks is not None:
            return tuple(self._racks)
        racks = list(self._hints)
        if out_player is not None:
            racks[out_player] = ""
        unknown = [i for i, r in enumerate(racks) if r is None]
        if self.bag_count == 0 and len(unknown) == 1:
            known = "".join(r for r in racks if r)
            if rack_contains(self.unplayed(), known):
                racks[unknown[0]] = rack_remove(self.unplayed(), known)
        return tuple(racks)

    def finish_with_clock(
        self, seconds_used_per_player: Sequence[int] | None = None
    ) -> tuple[int, ...]:
        """Apply the game-clock overtime penalty (per minute or part over) once the game is over;
        without an argument the seconds recorded on the turns are used. Returns final scores."""
        if not self.is_over:
            raise IllegalMove(msg.GAME_NOT_OVER)
        if self.rules.game_clock_seconds is None:
            raise IllegalMove(msg.NO_GAME_CLOCK)
        if self._clock_applied:
            raise IllegalMove(msg.CLOCK_ALREADY_APPLIED)
        used = list(seconds_used_per_player or self._clock_used)
        if len(used) != len(self.players):
            raise IllegalMove(msg.UNKNOWN_PLAYER, player=len(used))
        self._clock_applied = True
        for i, seconds in enumerate(used):
            penalty = overtime_penalty(self.rules, seconds)
            if penalty:
                self._scores[i] -= penalty
                over = seconds - self.rules.game_clock_seconds
                self._record(
                    i,
                    TurnKind.CLOCK,
                    -penalty,
                    None,
                    consumes_turn=False,
                    points=penalty,
                    seconds=over,
                )
        return self.scores

    def forfeit(self, loser: int) -> None:
        """End the game at once by forfeit (e.g. a player too late): ``loser`` cannot win."""
        if self.is_over:
            raise IllegalMove(msg.GAME_OVER)
        if not 0 <= loser < len(self.players):
            raise IllegalMove(msg.UNKNOWN_PLAYER, player=loser)
        self._forfeit_loser = loser
        self._challengeable = None
        self._end(Ending.FORFEIT, adjust=False)
