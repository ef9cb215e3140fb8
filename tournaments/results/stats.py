"""Final-report figures of a division, computed from its results (pure, no Django).

Input is the standings core's one-row-per-player-per-round ``GameResult`` values, so a played
game appears twice. Only played games with both scores count; byes and forfeits never set a
record. Every record keeps all the games tied for it (two 600s are both the high game).

Definitions (the director's usual words):

- high game: the highest score anyone made;
- high loss: the highest score that still lost;
- high win: the largest winning margin (spread of a single game);
- low win: the lowest score that still won;
- high combined: the highest sum of both scores in one game;
- biggest upset: a win by the lower-rated player, largest rating difference first (unrated
  players, rating 0, are left out: their strength is unknown);
- averages: mean score per player-game, mean winning and losing score, mean combined score.

Won and lost are the standings' (``standings.row_win_value``): a tie the play-off word decided
(docs/RULES.md) is a win and a loss here too, so its scores can be the high loss or the low win.

The prize engine (``prizes.py``) draws its game prizes from the same definitions; ``Award`` is
how a prize's holders are kept in the public pages' snapshot.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .standings import GameResult, PlayerInfo, ResultKind, row_win_value


class GameRecord(NamedTuple):
    """One played game from ``player``'s side: round, opponent and both scores.

    A named tuple (two per game of a division on every snapshot build); sorting them as tuples
    orders them by round, then player.
    """

    round: int
    player: int
    opponent: int
    score: int
    opponent_score: int

    @property
    def spread(self) -> int:
        return self.score - self.opponent_score

    @property
    def combined(self) -> int:
        return self.score + self.opponent_score


@dataclass(frozen=True, slots=True)
class Upset:
    """A win by ``winner`` rated ``difference`` points below ``loser``."""

    game: GameRecord
    winner_rating: int
    loser_rating: int

    @property
    def difference(self) -> int:
        return self.loser_rating - self.winner_rating


@dataclass(frozen=True, slots=True)
class EventStats:
    """The figures of a division; each record is every game tied for it (empty: none yet)."""

    games: int
    high_game: tuple[GameRecord, ...]
    high_loss: tuple[GameRecord, ...]
    high_win: tuple[GameRecord, ...]
    low_win: tuple[GameRecord, ...]
    high_combined: tuple[GameRecord, ...]
    biggest_upset: tuple[Upset, ...]
    average_score: float | None
    average_winning_score: float | None
    average_losing_score: float | None
    average_combined: float | None


def played_games(results: Iterable[GameResult]) -> list[GameRecord]:
    """Each played game with both scores, from each player's side (two records per game)."""
    games = [
        GameRecord(r.round, r.player, r.opponent, r.score, r.opponent_score)
        for r in results
        if r.kind is ResultKind.PLAYED
        and r.opponent is not None
        and r.score is not None
        and r.opponent_score is not None
    ]
    games.sort()  # by round, then player: one record per player and round
    return games


def event_stats(players: Sequence[PlayerInfo], results: Iterable[GameResult]) -> EventStats:
    """The final-report figures of ``results`` (ratings for upsets come from ``players``).

    What ``played_games`` gives, without a ``GameRecord`` for each side: the figures are taken
    from the results themselves and only the games holding a record become ``GameRecord``s
    (two per game of a 400-player division on every snapshot build would cost most of it).
    """
    sides = [
        r
        for r in results
        if r.kind is _PLAYED
        and r.opponent is not None
        and r.score is not None
        and r.opponent_score is not None
    ]
    # One side per game, for figures about the game rather than a side of it.
    once = [r for r in sides if r.player < r.opponent]
    # Won and lost as the standings count them (``row_win_value``): a tie the play-off word
    # decided is the winner's win and the loser's loss, here as on every page.
    worth = [row_win_value(r) for r in sides]
    wins = [r for r, value in zip(sides, worth, strict=True) if value == 1.0]
    losses = [r for r, value in zip(sides, worth, strict=True) if value == 0.0]
    scores = [r.score for r in sides]
    win_scores = [r.score for r in wins]
    loss_scores = [r.score for r in losses]
    combined = [r.score + r.opponent_score for r in once]
    return EventStats(
        games=len(once),
        high_game=_best(sides, scores),
        high_loss=_best(losses, loss_scores),
        high_win=_best(wins, [r.score - r.opponent_score for r in wins]),
        low_win=_best(wins, [-score for score in win_scores]),
        high_combined=_best(once, combined),
        biggest_upset=_upsets(players, wins),
        average_score=_mean(scores),
        average_winning_score=_mean(win_scores),
        average_losing_score=_mean(loss_scores),
        average_combined=_mean(combined),
    )


_PLAYED = ResultKind.PLAYED


def _record(r: GameResult) -> GameRecord:
    return GameRecord(r.round, r.player, r.opponent, r.score, r.opponent_score)


def _best(items: list[GameResult], keys: list[int]) -> tuple[GameRecord, ...]:
    """The records of every item with the largest key, by round then player."""
    if not items:
        return ()
    top = max(keys)
    return tuple(sorted(_record(i) for i, key in zip(items, keys, strict=True) if key == top))


def _upsets(players: Sequence[PlayerInfo], wins: list[GameResult]) -> tuple[Upset, ...]:
    """The wins by the lower-rated player with the largest rating difference (rated only)."""
    rating = {p.number: p.rating for p in players}
    upsets = [
        (r, mine, theirs)
        for r in wins
        if 0 < (mine := rating.get(r.player, 0)) < (theirs := rating.get(r.opponent, 0))
    ]
    if not upsets:
        return ()
    top = max(theirs - mine for _, mine, theirs in upsets)
    found = [Upset(_record(r), m, t) for r, m, t in upsets if t - m == top]
    return tuple(sorted(found, key=lambda u: u.game))


def _mean(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None


class PrizeKind(Enum):
    """What a prize is for."""

    RANK = "rank"
    RATING_CLASS = "rating_class"
    HIGH_GAME = "high_game"
    HIGH_LOSS = "high_loss"
    HIGH_WIN = "high_win"
    HIGH_COMBINED = "high_combined"
    UPSET = "upset"
    HANDICAP = "handicap"


@dataclass(frozen=True, slots=True)
class Award:
    """Who holds place ``place`` of a rule now (several players when tied) and the figure."""

    rule: int
    label: str
    place: int
    players: tuple[int, ...]
    figure: str
