"""Patterns across an event: never proof, only a list to look at.

- the same two players meeting again with exactly the same scores;
- a big loss far below the loser's rating in the last rounds, which keeps the winner in the
  prizes (flipping it could have put the winner out of them);
- one device sending the score reports of both sides of a game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from . import flags as F
from .flags import Flag

LATE_ROUNDS = 2  # the last rounds of a division, where a prize is decided
RATING_GAP = 200  # the loser is rated at least this much above the winner ...
BIG_LOSS = 150  # ... and lost by at least this many points


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One played pairing: entries in the pairing's order and their scores."""

    pairing: int
    game: int | None
    division: int
    round: int
    first: int
    second: int
    first_score: int
    second_score: int


@dataclass(frozen=True, slots=True)
class DivisionFacts:
    """A division's last round, how many places win a prize, each entry's rank (1 = first) and
    wins in the final standings, and ratings (missing: unrated)."""

    last_round: int
    prize_places: int
    rank: Mapping[int, int]
    wins: Mapping[int, float]
    ratings: Mapping[int, int]


@dataclass(frozen=True, slots=True)
class DeviceReports:
    """The devices each side's score reports came from (hashed, never the raw value)."""

    pairing: int
    game: int | None
    first: frozenset[str]
    second: frozenset[str]


def same_score_flags(games: Sequence[PlayedGame], names: Mapping[int, str]) -> list[Flag]:
    """Two entries who met at least twice with the same scores each time."""
    meetings: dict[tuple, list[PlayedGame]] = defaultdict(list)
    for g in games:
        one, other = sorted(((g.first, g.first_score), (g.second, g.second_score)))
        meetings[(one, other)].append(g)
    flags = []
    for (one, other), met in meetings.items():
        if len(met) < 2:
            continue
        last = max(met, key=lambda g: g.round)
        params = {
            "first": names.get(one[0], ""),
            "second": names.get(other[0], ""),
            "times": len(met),
            "scores": f"{one[1]}-{other[1]}",
            "rounds": sorted(g.round for g in met),
        }
        detail = f"{one[0]}-{other[0]}"
        flags.append(Flag(F.SAME_SCORES, last.game, 0, params, last.pairing, detail))
    return flags


def prize_loss_flags(
    games: Sequence[PlayedGame], divisions: Mapping[int, DivisionFacts], names: Mapping[int, str]
) -> list[Flag]:
    """Big upsets late in a division that keep the winner in the prizes."""
    flags = []
    for g in games:
        facts = divisions.get(g.division)
        if facts is None or g.round <= facts.last_round - LATE_ROUNDS:
            continue
        if g.first_score == g.second_score:
            continue
        won_first = g.first_score > g.second_score
        winner, loser = (g.first, g.second) if won_first else (g.second, g.first)
        scores = (g.second_score, g.first_score) if won_first else (g.first_score, g.second_score)
        if _is_prize_loss(facts, winner, loser, scores[1] - scores[0]):
            params = {
                "player": names.get(loser, ""),
                "rating": facts.ratings[loser],
                "opponent": names.get(winner, ""),
                "against": facts.ratings[winner],
                "scores": f"{scores[0]}-{scores[1]}",
                "round": g.round,
            }
            flags.append(Flag(F.PRIZE_LOSS, g.game, 0, params, g.pairing, str(loser)))
    return flags


def _is_prize_loss(facts: DivisionFacts, winner: int, loser: int, margin: int) -> bool:
    if winner not in facts.ratings or loser not in facts.ratings:
        return False
    if facts.ratings[loser] - facts.ratings[winner] < RATING_GAP or margin < BIG_LOSS:
        return False
    rank = facts.rank.get(winner)
    if rank is None or rank > facts.prize_places:
        return False
    outside = [e for e, r in facts.rank.items() if r == facts.prize_places + 1]
    # With this game the other way round the winner has one win fewer: out of the prizes if
    # the first player outside them has at least that many.
    return any(facts.wins.get(e, 0) >= facts.wins.get(winner, 0) - 1 for e in outside)


def device_flags(reports: Sequence[DeviceReports]) -> list[Flag]:
    """Games whose two sides' reports share a device."""
    return [Flag(F.ONE_DEVICE, r.game, 0, {}, r.pairing) for r in reports if r.first & r.second]
