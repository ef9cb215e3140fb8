"""The ABSP (UK) weighted rolling rating system.

Per event, a player earns rating points: each opponent's rating (held within 40 of the
player's own start rating) plus 50 for a win, minus 50 for a loss. Those points, spread
evenly over the event's games, join the player's recent-games history; the rating is
the weighted mean of the last 150 games, the newest weighing 225 and each older game
one less (down to 76), rounded, never below 50. A player whose start rating rests on
fewer than 30 games and moves by 10 or more has the division re-rated once with the
new figure as start rating (the "10 point rule").
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from statistics import fmean

from .types import EventGame, PlayerRating, RatingChange, rated_after, rated_records, validate_games


@dataclass(frozen=True, slots=True)
class AbspConfig:
    """ABSP constants (those in force since 2011)."""

    window_games: int = 150
    newest_weight: int = 225
    win_points: float = 50.0
    difference_cap: float = 40.0
    floor: float = 50.0
    provisional_games: int = 30
    reset_threshold: float = 10.0
    newcomer_default: float = 100.0


ABSP = AbspConfig()


def game_points(own: float, opponent: float, result: float, config: AbspConfig = ABSP) -> float:
    """Rating points from one game: the capped opponent rating plus or minus 50."""
    held = min(max(opponent, own - config.difference_cap), own + config.difference_cap)
    return held + config.win_points * (2.0 * result - 1.0)


def weighted_rating(history: Sequence[float], config: AbspConfig = ABSP) -> float:
    """The weighted mean of the newest ``window_games`` per-game points (oldest first)."""
    recent = list(history)[-config.window_games :]
    newest = config.newest_weight
    weights = [newest - (len(recent) - 1 - i) for i in range(len(recent))]
    return sum(w * v for w, v in zip(weights, recent, strict=True)) / sum(weights)


def _history(entry: PlayerRating | None, config: AbspConfig) -> tuple[float, ...]:
    if entry is None or entry.rating is None:
        return ()
    if entry.history:
        return entry.history
    # A rating carried over without its games stands for that many games at the rating.
    return (entry.rating,) * min(max(entry.career_games, 1), config.window_games)


def rate(
    ratings: Mapping[int, PlayerRating],
    games: Iterable[EventGame],
    *,
    rounds: int | None = None,
    config: AbspConfig = ABSP,
) -> dict[int, RatingChange]:
    """Rate one event (division) under ABSP rules; byes and forfeits are ignored.

    A newcomer's start rating is the mean rating of their rated opponents (else
    ``newcomer_default``); the 10 point rule then applies to them as to anyone
    with fewer than 30 games.
    """
    games = tuple(games)
    validate_games(games, rounds)
    records = rated_records(games)
    start = _start_ratings(ratings, records, config)
    first = _new_ratings(ratings, records, start, config)
    provisional = {
        p
        for p in records
        if _career(ratings.get(p)) < config.provisional_games
        and abs(first[p][0] - start[p]) >= config.reset_threshold
    }
    final = first
    if provisional:
        restart = {p: first[p][0] if p in provisional else s for p, s in start.items()}
        final = _new_ratings(ratings, records, restart, config)
    return _changes(ratings, games, records, final)


def _career(entry: PlayerRating | None) -> int:
    return 0 if entry is None or entry.rating is None else entry.career_games


def _start_ratings(
    ratings: Mapping[int, PlayerRating],
    records: Mapping[int, list[tuple[int, float]]],
    config: AbspConfig,
) -> dict[int, float]:
    start: dict[int, float] = {}
    for player, record in records.items():
        entry = ratings.get(player)
        if entry is not None and entry.rating is not None:
            start[player] = entry.rating
            continue
        rated = [ratings[o].rating for o, _ in record if o in ratings]
        known = [r for r in rated if r is not None]
        start[player] = fmean(known) if known else config.newcomer_default
    return start


def _new_ratings(
    ratings: Mapping[int, PlayerRating],
    records: Mapping[int, list[tuple[int, float]]],
    start: Mapping[int, float],
    config: AbspConfig,
) -> dict[int, tuple[float, tuple[float, ...]]]:
    """Each player's new (rounded) rating and rolling history."""
    result = {}
    for player, record in records.items():
        own = start[player]
        points = sum(game_points(own, start[o], r, config) for o, r in record)
        per_game = points / len(record)
        history = (_history(ratings.get(player), config) + (per_game,) * len(record))[
            -config.window_games :
        ]
        rating = max(config.floor, math.floor(weighted_rating(history, config) + 0.5))
        result[player] = (float(rating), history)
    return result


def _changes(
    ratings: Mapping[int, PlayerRating],
    games: tuple[EventGame, ...],
    records: Mapping[int, list[tuple[int, float]]],
    final: Mapping[int, tuple[float, tuple[float, ...]]],
) -> dict[int, RatingChange]:
    changes = {}
    for player, entry, record in rated_after(ratings, games, records):
        before = None if entry is None else entry.rating
        base = entry if entry is not None else PlayerRating(id=player, rating=None)
        if record:
            rating, history = final[player]
            base = replace(
                base, rating=rating, history=history, career_games=_career(entry) + len(record)
            )
        assert base.rating is not None
        changes[player] = RatingChange(
            player=player,
            before=before,
            after=base.rating,
            games=len(record),
            wins=sum(r for _, r in record),
            expected=None,
            updated=base,
        )
    return changes
