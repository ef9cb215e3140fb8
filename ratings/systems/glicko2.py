"""Glicko-2 (Glickman), with one event as one rating period.

Ratings stay floats (lists show ``RatingChange.published``). Only players of the
event are updated: the core has no clock, and an idle player's deviation does not grow
between events.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from .messages import NO_CONVERGENCE, RatingError
from .types import EventGame, PlayerRating, RatingChange, rated_after, rated_records, validate_games

SCALE = 173.7178


@dataclass(frozen=True, slots=True)
class Glicko2Config:
    """The usual Glicko-2 constants: tau 0.5 and a 1500/350/0.06 newcomer."""

    tau: float = 0.5
    initial_rating: float = 1500.0
    initial_deviation: float = 350.0
    initial_volatility: float = 0.06
    tolerance: float = 1e-6


GLICKO2 = Glicko2Config()
# Both loops of the volatility solve are bounded: a core function never hangs.
MAX_STEPS = 1000


@dataclass(frozen=True, slots=True)
class Glicko2Rating:
    """A rating, deviation and volatility on the Glicko (1500-centred) scale."""

    rating: float
    deviation: float
    volatility: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(
    player: Glicko2Rating,
    results: Iterable[tuple[Glicko2Rating, float]],
    config: Glicko2Config = GLICKO2,
) -> Glicko2Rating:
    """One rating period for ``player`` given (opponent, result) pairs (Glickman's steps 2-8)."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    results = list(results)
    if not results:
        deviation = math.sqrt(phi * phi + player.volatility**2) * SCALE
        return Glicko2Rating(player.rating, deviation, player.volatility)
    information = 0.0
    improvement = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - 1500.0) / SCALE
        g_j = _g(opponent.deviation / SCALE)
        e_j = _e(mu, mu_j, opponent.deviation / SCALE)
        information += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (score - e_j)
    variance = 1.0 / information
    delta = variance * improvement
    sigma = _new_volatility(phi, player.volatility, variance, delta, config)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / variance)
    new_mu = mu + new_phi * new_phi * improvement
    return Glicko2Rating(1500.0 + SCALE * new_mu, SCALE * new_phi, sigma)


def _new_volatility(
    phi: float, sigma: float, variance: float, delta: float, config: Glicko2Config
) -> float:
    """Step 5: the Illinois (regula falsi) solve for the new volatility."""
    a = math.log(sigma * sigma)
    tau = config.tau

    def f(x: float) -> float:
        ex = math.exp(x)
        spread = phi * phi + variance + ex
        return ex * (delta * delta - phi * phi - variance - ex) / (2.0 * spread * spread) - (
            x - a
        ) / (tau * tau)

    low = a
    if delta * delta > phi * phi + variance:
        high = math.log(delta * delta - phi * phi - variance)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
            if k > MAX_STEPS:
                raise RatingError(NO_CONVERGENCE, steps=MAX_STEPS)
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    steps = 0
    while abs(high - low) > config.tolerance:
        steps += 1
        if steps > MAX_STEPS:  # the Illinois method settles in a few dozen steps, or never
            raise RatingError(NO_CONVERGENCE, steps=MAX_STEPS)
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)


def _start(entry: PlayerRating | None, config: Glicko2Config) -> Glicko2Rating:
    if entry is None or entry.rating is None:
        return Glicko2Rating(
            config.initial_rating, config.initial_deviation, config.initial_volatility
        )
    return Glicko2Rating(
        entry.rating,
        config.initial_deviation if entry.deviation is None else entry.deviation,
        config.initial_volatility if entry.volatility is None else entry.volatility,
    )


def rate(
    ratings: Mapping[int, PlayerRating],
    games: Iterable[EventGame],
    *,
    rounds: int | None = None,
    config: Glicko2Config = GLICKO2,
) -> dict[int, RatingChange]:
    """Rate one event as a single Glicko-2 rating period; byes and forfeits are ignored.

    Players with only byes/forfeits are returned unchanged (newcomers among them are
    left out: they still have no rating).
    """
    games = tuple(games)
    validate_games(games, rounds)
    records = rated_records(games)
    return {
        player: _change(player, entry, record, ratings, config)
        for player, entry, record in rated_after(ratings, games, records)
    }


def _change(
    player: int,
    entry: PlayerRating | None,
    record: list[tuple[int, float]],
    ratings: Mapping[int, PlayerRating],
    config: Glicko2Config,
) -> RatingChange:
    before = _start(entry, config)
    opponents = [(_start(ratings.get(o), config), result) for o, result in record]
    after = update(before, opponents, config) if record else before
    mu = (before.rating - 1500.0) / SCALE
    expected = sum(
        _e(mu, (opp.rating - 1500.0) / SCALE, opp.deviation / SCALE) for opp, _ in opponents
    )
    career = (0 if entry is None else entry.career_games) + len(record)
    base = entry if entry is not None else PlayerRating(id=player, rating=None)
    updated = replace(
        base,
        rating=after.rating,
        career_games=career,
        deviation=after.deviation,
        volatility=after.volatility,
    )
    return RatingChange(
        player=player,
        before=None if entry is None else entry.rating,
        after=after.rating,
        games=len(record),
        wins=sum(result for _, result in record),
        expected=expected,
        deviation=after.deviation,
        volatility=after.volatility,
        updated=updated,
    )
