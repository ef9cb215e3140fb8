"""Benchmarks of the rating cores on seeded synthetic events (not used by the site).

Run ``python -m ratings.systems.bench``. The only module of the package that reads a
clock: measuring time is its purpose.
"""

from __future__ import annotations

import random
import time

from .naspa import expected_score
from .registry import rate_event, recompute
from .types import EventGame, GameKind, PlayerRating, RatedEvent


def _entry_list(rng: random.Random, ids: range, newcomer_share: float) -> dict[int, PlayerRating]:
    ratings = {}
    for player in ids:
        if rng.random() < newcomer_share:
            continue
        rating = min(2200.0, max(300.0, rng.gauss(1400.0, 300.0)))
        ratings[player] = PlayerRating(player, float(round(rating)), rng.randrange(0, 500))
    return ratings


def synthetic_event(
    rng: random.Random, players: list[int], rounds: int, strength: dict[int, float]
) -> tuple[EventGame, ...]:
    """Random pairings each round, results drawn from the players' hidden strengths."""
    games = []
    for round_number in range(1, rounds + 1):
        order = players[:]
        rng.shuffle(order)
        if len(order) % 2:
            games.append(EventGame(round_number, order.pop(), None, 1.0, GameKind.BYE))
        for first, second in zip(order[::2], order[1::2], strict=True):
            chance = expected_score(strength[first], strength[second])
            draw = rng.random()
            result = 0.5 if draw > 0.99 else 1.0 if draw < chance * 0.99 else 0.0
            games.append(EventGame(round_number, first, second, result))
    return tuple(games)


def bench_event(players: int = 400, rounds: int = 31, seed: int = 1) -> dict[str, float]:
    """Time the NASPA rating of one ``players`` x ``rounds`` event (5% newcomers)."""
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    ratings = _entry_list(rng, range(1, players + 1), 0.05)
    strength = {p: rng.gauss(1400.0, 300.0) for p in ids}
    games = synthetic_event(rng, ids, rounds, strength)
    started = time.perf_counter()
    changes = rate_event(ratings, games, system="naspa", rounds=rounds)
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "games": len(games), "rated_players": len(changes)}


def bench_recompute(games: int = 100_000, seed: int = 1) -> dict[str, float]:
    """Time recomputing a NASPA list through events totalling about ``games`` games.

    Events are 40-player, 10-round divisions drawn from a pool of players, a tenth
    of whom start unrated; every fifth event is a club event.
    """
    rng = random.Random(seed)
    pool = max(100, games // 50)
    initial = _entry_list(rng, range(1, pool + 1), 0.10)
    strength = {p: rng.gauss(1400.0, 300.0) for p in range(1, pool + 1)}
    events = []
    played = 0
    while played < games:
        field = rng.sample(range(1, pool + 1), 40)
        event_games = synthetic_event(rng, field, 10, strength)
        events.append(RatedEvent(event_games, rounds=10, club=len(events) % 5 == 4))
        played += len(event_games)
    started = time.perf_counter()
    final = recompute(events, system="naspa", initial=initial)
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "events": len(events), "games": played, "players": len(final)}


if __name__ == "__main__":
    print("event", bench_event())
    print("recompute", bench_recompute())
