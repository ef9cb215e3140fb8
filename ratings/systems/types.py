"""Plain data shared by every rating system: players' ratings in, games in, changes out."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from tournaments.results.formatting import rating_value

from .messages import (
    BAD_RESULT,
    BAD_ROUND,
    BYE_WITH_OPPONENT,
    MISSING_OPPONENT,
    PLAYS_SELF,
    TOO_FEW_ROUNDS,
    TWO_GAMES_IN_ROUND,
    RatingError,
)


class GameKind(StrEnum):
    """How a round ended for a player; only ``PLAYED`` games are rated."""

    PLAYED = "played"
    BYE = "bye"
    FORFEIT = "forfeit"


@dataclass(frozen=True, slots=True)
class EventGame:
    """One game of an event, recorded once with both players.

    ``result`` is the first player's result (1 win, 0.5 tie, 0 loss); the opponent's is
    ``1 - result``. A bye has no opponent. Byes and forfeits are carried so that the
    director's full record can be passed in, but no system rates them.
    """

    round: int
    player: int
    opponent: int | None
    result: float
    kind: GameKind = GameKind.PLAYED

    @property
    def rated(self) -> bool:
        """Whether the game counts for ratings (played over the board, not a bye/forfeit)."""
        return self.kind is GameKind.PLAYED and self.opponent is not None


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's entry on a rating list before an event.

    ``rating`` is None for a newcomer (never rated). ``deviation``/``volatility`` are
    used by Glicko-2 only; ``history`` by ABSP only (per-game rating points of the
    player's most recent rated games, oldest first).
    """

    id: int
    rating: float | None
    career_games: int = 0
    deviation: float | None = None
    volatility: float | None = None
    history: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one event did to one player's rating.

    ``after`` is the rating that goes on the list (already rounded where the system
    publishes integers). ``segments`` holds the rating after each rated segment of a
    long event. ``expected`` is None for systems without an expectation (ABSP).
    """

    player: int
    before: float | None
    after: float
    games: int
    wins: float
    expected: float | None
    bonus: float = 0.0
    feedback: float = 0.0
    segments: tuple[float, ...] = ()
    deviation: float | None = None
    volatility: float | None = None
    updated: PlayerRating | None = None

    @property
    def published(self) -> int:
        """The integer shown on rating lists (half rounds up, as the published lists do)."""
        return rating_value(self.after)


@dataclass(frozen=True, slots=True)
class RatedEvent:
    """One event of a rating list's history, for recomputing the list in order."""

    games: tuple[EventGame, ...]
    rounds: int | None = None
    club: bool = False


def validate_games(games: Iterable[EventGame], rounds: int | None) -> int:
    """Check the games are a consistent record and return the number of rounds.

    Raises RatingError on an impossible record: a result other than 1/0.5/0, a round
    below 1, a player against themself, a played game without opponent, a bye with one,
    a player in two games of one round, or a game beyond ``rounds``.
    """
    seen: set[tuple[int, int]] = set()
    last_round = 0
    for game in games:
        if game.round < 1:
            raise RatingError(BAD_ROUND, round=game.round)
        if game.result not in (0, 0.5, 1):
            raise RatingError(BAD_RESULT, round=game.round, player=game.player, result=game.result)
        if game.kind is GameKind.BYE and game.opponent is not None:
            raise RatingError(BYE_WITH_OPPONENT, round=game.round, player=game.player)
        if game.kind is GameKind.PLAYED and game.opponent is None:
            raise RatingError(MISSING_OPPONENT, round=game.round, player=game.player)
        if game.opponent == game.player:
            raise RatingError(PLAYS_SELF, round=game.round, player=game.player)
        for who in (game.player, game.opponent):
            if who is None:
                continue
            if (game.round, who) in seen:
                raise RatingError(TWO_GAMES_IN_ROUND, round=game.round, player=who)
            seen.add((game.round, who))
        last_round = max(last_round, game.round)
    if rounds is None:
        return last_round
    if last_round > rounds:
        raise RatingError(TOO_FEW_ROUNDS, rounds=rounds, round=last_round)
    return rounds


def player_ids(games: Iterable[EventGame]) -> list[int]:
    """Everyone who appears in the games, in first-appearance order (stable output)."""
    ids: dict[int, None] = {}
    for game in games:
        ids.setdefault(game.player)
        if game.opponent is not None:
            ids.setdefault(game.opponent)
    return list(ids)


def rated_records(games: Iterable[EventGame]) -> dict[int, list[tuple[int, float]]]:
    """Each player's rated games as (opponent, result) pairs, in game order; byes and forfeits
    are left out."""
    records: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for game in games:
        if game.rated and game.opponent is not None:
            records[game.player].append((game.opponent, game.result))
            records[game.opponent].append((game.player, 1.0 - game.result))
    return records


def rated_after(
    ratings: Mapping[int, PlayerRating],
    games: Iterable[EventGame],
    records: Mapping[int, list[tuple[int, float]]],
) -> Iterator[tuple[int, PlayerRating | None, list[tuple[int, float]]]]:
    """Everyone in the games who has a rating after the event (a rated game, or a rating
    before), in first-appearance order, with their list entry (None: not on the list) and
    their rated games (``records``, from ``rated_records``)."""
    for player in player_ids(games):
        entry = ratings.get(player)
        record = records.get(player, [])
        if record or (entry is not None and entry.rating is not None):
            yield player, entry, record
