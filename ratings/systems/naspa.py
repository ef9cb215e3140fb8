"""The North-American (NASPA-style) Elo rating system, as its rating authority publishes it.

An event is rated in segments (long events are split), and each segment in two steps:
newcomers first get an iterated performance rating, then every rated player gains
``multiplier * (wins - expected wins)``, prorated across the 1800 and 2000 band edges,
plus an acceleration bonus (with feedback to the bonus earner's rated opponents).
Ratings are rounded (half up) at the end of every segment, as the published lists are
integers and the next segment starts from the published figure.

Readings where the published description leaves room (the reference program, tsh's
Ratings::Elo, differs by a fraction of a point at most):
- a falling rating crosses a band edge at the edge itself (1800, 2000); the reference
  program stops at 1799/1999, spending one point at the higher band's multiplier;
- a newcomer's performance rating is solved to a fraction of a point, where the
  reference binary-searches integers; the result is rounded to an integer anyway;
- the newcomer cap uses the strongest rated opponent or, with none, the strongest
  newcomer opponent's current iterate, and applies after the 500 floor (as published);
- feedback is added after every bonus is known (bonuses do not compound);
- games of earlier segments count towards the experience multiplier of later ones.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from statistics import fmean

from .types import EventGame, PlayerRating, RatingChange, player_ids, rated_records, validate_games

LOGISTIC_SLOPE = 0.0031879
BAND_EDGES = (1800.0, 2000.0)
# Multipliers per band (below 1800, 1800-1999, 2000 and up).
NEWER_MULTIPLIERS = (30, 24, 15)
EXPERIENCED_MULTIPLIERS = (20, 16, 10)
EXPERIENCED_AFTER_GAMES = 50
NEWCOMER_START = 1500.0
# A newcomer's performance must settle to well under a published point.
NEWCOMER_TOLERANCE = 1e-6


@dataclass(frozen=True, slots=True)
class NaspaConfig:
    """Switches and constants of the NASPA-style system; the defaults are the published ones.

    ``rating_floor`` applies to already-rated players (the published system has none;
    newcomers have their own floor). ``career_games_per_segment`` counts the games of
    earlier segments of the same event towards the experience multiplier.
    """

    club: bool = False
    acceleration: bool = True
    feedback: bool = True
    split_long_events: bool = True
    career_games_per_segment: bool = True
    round_each_segment: bool = True
    acceleration_per_game: float = 5.0
    feedback_divisor: float = 20.0
    club_divisor: float = 3.0
    club_cap: float = 50.0
    newcomer_floor: float = 500.0
    newcomer_cap_per_win_fraction: float = 400.0
    rating_floor: float | None = None
    max_iterations: int = 50


NASPA = NaspaConfig()
NASPA_CLUB = NaspaConfig(club=True, acceleration=False)


def expected_score(rating: float, opponent: float) -> float:
    """Expected wins of a player rated ``rating`` in one game against ``opponent``."""
    return 1.0 - 1.0 / (1.0 + math.exp(LOGISTIC_SLOPE * (rating - opponent)))


def multiplier(rating: float, career_games: int, *, falling: bool = False) -> int:
    """The multiplier of the band ``rating`` is in, for a player with ``career_games``.

    A rating exactly on a band edge belongs to the band above, except while falling,
    when it has just left that band and the lower band's multiplier applies.
    """
    table = NEWER_MULTIPLIERS if career_games < EXPERIENCED_AFTER_GAMES else EXPERIENCED_MULTIPLIERS
    return table[_band(rating, falling)]


def _band(rating: float, falling: bool) -> int:
    if falling:
        return sum(1 for edge in BAND_EDGES if rating > edge)
    return sum(1 for edge in BAND_EDGES if rating >= edge)


def prorated_rating(rating: float, career_games: int, excess_wins: float) -> float:
    """Apply ``excess_wins`` (wins minus expected) to ``rating``, band by band.

    The change accrues at the multiplier of the band the rating is in; on reaching a
    band edge the excess not yet converted continues at the next band's multiplier.
    Each pass either stops inside a band or moves the rating onto the next edge, so there is
    at most one pass per band; needing more means no progress, and it raises, never hangs.
    """
    remaining = excess_wins
    for _ in range(len(BAND_EDGES) + 1):
        if not remaining:
            return rating
        falling = remaining < 0
        band = _band(rating, falling)
        factor = multiplier(rating, career_games, falling=falling)
        target = rating + factor * remaining
        if falling:
            edge = BAND_EDGES[band - 1] if band > 0 else -math.inf
            if target > edge:
                return target
        else:
            edge = BAND_EDGES[band] if band < len(BAND_EDGES) else math.inf
            if target < edge:
                return target
        remaining -= (edge - rating) / factor
        rating = edge
    if not remaining:
        return rating
    raise RuntimeError(f"prorating {excess_wins} wins from a rating stalled at {rating}")


def segment_rounds(rounds: int, *, split: bool = True) -> list[tuple[int, int]]:
    """First and last round (1-based, inclusive) of each rated segment of an event.

    Up to 16 rounds is one segment; 17-35 rounds two; 36 or more three.
    """
    if rounds <= 16 or not split:
        return [(1, rounds)]
    last0 = rounds - 1
    if rounds <= 35:
        first_end = last0 // 2 + 1
        return [(1, first_end), (first_end + 1, rounds)]
    first_end = last0 // 3 + 1
    second_end = (2 * last0 + 1) // 3 + 1
    return [(1, first_end), (first_end + 1, second_end), (second_end + 1, rounds)]


def performance_rating(opponents: Sequence[float], wins: float) -> float:
    """The rating whose expected wins against ``opponents`` equal ``wins``.

    ``wins`` must lie strictly between 0 and ``len(opponents)`` (callers substitute 5%
    or 95% of the games for a zero or perfect score). Safeguarded Newton iteration.
    """
    # 4000 points beyond the field, one game is worth under 3e-6 expected wins.
    low, high = min(opponents) - 4000.0, max(opponents) + 4000.0
    rating = fmean(opponents)
    for _ in range(200):
        expectations = [expected_score(rating, opponent) for opponent in opponents]
        excess = sum(expectations) - wins
        if abs(excess) < 1e-11 or high - low < 1e-9:
            break
        if excess < 0:
            low = rating
        else:
            high = rating
        slope = LOGISTIC_SLOPE * sum(e * (1.0 - e) for e in expectations)
        step = rating - excess / slope if slope > 0 else math.nan
        rating = step if low < step < high else (low + high) / 2.0
    return rating


Record = Sequence[tuple[int, float]]


def newcomer_ratings(
    records: Mapping[int, Record],
    start: Mapping[int, float | None],
    config: NaspaConfig = NASPA,
) -> dict[int, float]:
    """Initial ratings of all newcomers of a segment, iterated together.

    ``records`` maps each newcomer to their (opponent, result) games; ``start`` gives
    everyone's pre-segment rating (None for newcomers). Each newcomer starts from the
    mean of their rated opponents (else 1500); all are then repeatedly replaced by
    their performance ratings until none moves. If that does not settle within
    ``max_iterations``, the mean of a further ``max_iterations`` iterates is used.
    """
    current = {}
    for player, record in records.items():
        rated = [start[opponent] for opponent, _ in record if start[opponent] is not None]
        current[player] = fmean(rated) if rated else NEWCOMER_START
    for _ in range(config.max_iterations):
        following = {p: _newcomer_step(r, start, current, config) for p, r in records.items()}
        settled = all(abs(following[p] - current[p]) <= NEWCOMER_TOLERANCE for p in current)
        current = following
        if settled:
            return current
    totals = dict.fromkeys(current, 0.0)
    for _ in range(config.max_iterations):
        current = {p: _newcomer_step(r, start, current, config) for p, r in records.items()}
        for player, rating in current.items():
            totals[player] += rating
    return {player: total / config.max_iterations for player, total in totals.items()}


def _newcomer_step(
    record: Record,
    start: Mapping[int, float | None],
    current: Mapping[int, float],
    config: NaspaConfig,
) -> float:
    games = len(record)
    wins = sum(result for _, result in record)
    # A zero or perfect score has no finite performance rating.
    target = 0.05 * games if wins == 0 else 0.95 * games if wins == games else wins
    opponents = [_iterated(opponent, start, current) for opponent, _ in record]
    rating = max(performance_rating(opponents, target), config.newcomer_floor)
    # The cap follows the strongest rated opponent; with none, the strongest newcomer.
    rated = [start[o] for o, _ in record if start[o] is not None]
    best = max(rated) if rated else max(opponents)
    return min(rating, best + config.newcomer_cap_per_win_fraction * wins / games)


def _iterated(
    player: int, start: Mapping[int, float | None], current: Mapping[int, float]
) -> float:
    rating = start[player]
    return current[player] if rating is None else rating


@dataclass(slots=True)
class _Tally:
    """One player's running totals across the segments of an event."""

    entry: PlayerRating | None
    rating: float | None
    multiplier_games: int
    games: int = 0
    wins: float = 0.0
    expected: float = 0.0
    bonus: float = 0.0
    feedback: float = 0.0
    segments: list[float] = field(default_factory=list)

    def change(self, player: int) -> RatingChange:
        before = None if self.entry is None else self.entry.rating
        after = self.rating if self.rating is not None else math.nan
        career = (0 if self.entry is None else self.entry.career_games) + self.games
        if self.entry is None:
            updated = PlayerRating(id=player, rating=after, career_games=career)
        else:
            updated = replace(self.entry, rating=after, career_games=career)
        return RatingChange(
            player=player,
            before=before,
            after=after,
            games=self.games,
            wins=self.wins,
            expected=self.expected,
            bonus=self.bonus,
            feedback=self.feedback,
            segments=tuple(self.segments),
            updated=updated,
        )


def rate(
    ratings: Mapping[int, PlayerRating],
    games: Iterable[EventGame],
    *,
    rounds: int | None = None,
    config: NaspaConfig = NASPA,
) -> dict[int, RatingChange]:
    """Rate one event: the change of every player with a rating after it.

    ``rounds`` is the scheduled length of the event (it decides the segments);
    by default the last round present. Newcomers who played no rated game stay
    unrated and are left out. Byes and forfeits are ignored.
    """
    games = tuple(games)
    total_rounds = validate_games(games, rounds)
    tallies: dict[int, _Tally] = {}
    for player in player_ids(games):
        entry = ratings.get(player)
        rating = None if entry is None else entry.rating
        career = 0 if entry is None else entry.career_games
        tallies[player] = _Tally(entry=entry, rating=rating, multiplier_games=career)
    for first, last in segment_rounds(total_rounds, split=config.split_long_events):
        segment = [g for g in games if g.rated and first <= g.round <= last]
        if segment:
            _rate_segment(tallies, segment, config)
    return {p: t.change(p) for p, t in tallies.items() if t.rating is not None}


def _rate_segment(tallies: dict[int, _Tally], games: list[EventGame], config: NaspaConfig) -> None:
    records = rated_records(games)
    start = {player: tally.rating for player, tally in tallies.items()}
    newcomers = {p: record for p, record in records.items() if start[p] is None}
    effective: dict[int, float] = {p: r for p, r in start.items() if r is not None}
    if newcomers:
        effective.update(newcomer_ratings(newcomers, start, config))
    new: dict[int, float] = {}
    feedback: dict[int, float] = defaultdict(float)
    for player, record in records.items():
        new[player] = _segment_rating(player, record, start, effective, tallies, feedback, config)
    for player, points in feedback.items():
        new[player] += points
        tallies[player].feedback += points
    for player, rating in new.items():
        _settle(tallies[player], start[player], rating, len(records[player]), config)


def _segment_rating(
    player: int,
    record: Record,
    start: Mapping[int, float | None],
    effective: Mapping[int, float],
    tallies: dict[int, _Tally],
    feedback: dict[int, float],
    config: NaspaConfig,
) -> float:
    """The player's rating after the segment, before feedback and rounding."""
    tally = tallies[player]
    wins = sum(result for _, result in record)
    expected = sum(expected_score(effective[player], effective[o]) for o, _ in record)
    tally.games += len(record)
    tally.wins += wins
    tally.expected += expected
    before = start[player]
    if before is None:
        return effective[player]
    rating = prorated_rating(before, tally.multiplier_games, wins - expected)
    if config.club:
        rating = before + (rating - before) / config.club_divisor
    elif config.acceleration:
        bonus = rating - before - config.acceleration_per_game * len(record)
        if bonus > 0:
            rating += bonus
            tally.bonus += bonus
            if config.feedback:
                for opponent, _ in record:
                    # Only opponents rated before the segment share in the bonus.
                    if start[opponent] is not None:
                        feedback[opponent] += bonus / config.feedback_divisor
    if config.rating_floor is not None:
        rating = max(rating, config.rating_floor)
    return rating


def _settle(
    tally: _Tally, before: float | None, rating: float, games: int, config: NaspaConfig
) -> None:
    if config.round_each_segment:
        rating = math.floor(rating + 0.5)
    if config.club and before is not None:
        rating = min(max(rating, before - config.club_cap), before + config.club_cap)
    tally.rating = float(rating)
    tally.segments.append(float(rating))
    if config.career_games_per_segment:
        tally.multiplier_games += games
