"""Generated Swiss rounds for comparing the structured matching with the exact one: seeded fields
of many sizes, score distributions and repeat histories (``manage.py bench pairing`` and the
quality tests in tests/pairing/test_swiss_local.py both read them).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from pairing.meetings import Meetings
from pairing.swiss import MAX_COUNTED_HALF_WINS, penalty, swiss_pairs, swiss_pairs_exact
from pairing.swiss_local import LocalMatcher, local_pairs
from pairing.teams import team_mates
from pairing.types import Competitor, PairingSettings

# How the wins of a generated field are spread: (name, rounds played, chance of a tied game).
SCORES = (
    ("first round", 0, 0.0),
    ("early", 3, 0.0),
    ("middle", 8, 0.05),
    ("late", 20, 0.0),
    ("long", 40, 0.1),
)
# How the history is drawn: (name, games a player has had, how near in the standings, the
# share of players who have them); "swiss" plays the rounds out instead (``_played``).
HISTORIES = (
    ("none", 0, 0, 0.0),
    ("swiss", 0, 0, 1.0),
    ("swiss", 0, 0, 1.0),
    ("sprinkled", 2, 2, 0.1),
    ("near", 4, 3, 1.0),
    ("crowded", 12, 2, 1.0),
    ("far", 8, 40, 1.0),
)
TEAMS = ("", "A", "B", "C")


@dataclass(frozen=True)
class Case:
    """One generated round: an even field in standings order, its history and settings."""

    name: str
    field: tuple[Competitor, ...]
    history: tuple[tuple[int, int | None], ...]
    settings: PairingSettings
    apart: bool


def generated_case(seed: int, size: int) -> Case:
    """The round ``seed`` of ``size`` players (made even), its kind drawn from the seed."""
    rng = random.Random(seed)
    size += size % 2
    score_name, played, ties = rng.choice(SCORES)
    history_name, games, nearness, share = rng.choice(HISTORIES)
    apart = rng.random() < 0.2
    if history_name == "swiss":
        field, history = _played(rng, size, played, ties)
    else:
        field = _standings(
            rng, sorted((_wins(rng, played, ties) for _ in range(size)), reverse=True)
        )
        history = _history(rng, size, min(games, size - 1), nearness, share)
    if apart:
        field = tuple(replace(c, team=rng.choice(TEAMS)) for c in field)
    settings = PairingSettings(
        gibsonize=False,
        max_repeats=rng.choice((0, 0, 1, 2)),
        swiss_window=rng.choice((2, 6, 12)),
        swiss_min_candidates=rng.choice((2, 6)),
    )
    name = f"{size} players, {score_name}, {history_name} history" + (", teams" if apart else "")
    return Case(name, field, history, settings, apart)


def _wins(rng: random.Random, played: int, ties: float) -> float:
    won = 0.0
    for _ in range(played):
        roll = rng.random()
        won += 0.5 if roll < ties else float(roll < (1 + ties) / 2)
    return won


def _standings(rng: random.Random, wins: list[float]) -> tuple[Competitor, ...]:
    return tuple(
        Competitor(place + 1, place + 1, won, 0, (len(wins) - place) * 7, 2000 - place)
        for place, won in enumerate(wins)
    )


def _history(
    rng: random.Random, size: int, games: int, nearness: int, share: float
) -> tuple[tuple[int, int | None], ...]:
    """About ``games`` past games for ``share`` of the players, against players about
    ``nearness`` places away."""
    history: list[tuple[int, int | None]] = []
    for place in range(size):
        if rng.random() >= share:
            continue
        for _ in range(games // 2):
            other = place + rng.choice((-1, 1)) * (1 + int(rng.expovariate(1 / max(nearness, 1))))
            if 0 <= other < size:
                history.append((place + 1, other + 1))
    return tuple(history)


def _played(
    rng: random.Random, size: int, rounds: int, ties: float
) -> tuple[tuple[Competitor, ...], tuple[tuple[int, int | None], ...]]:
    """``rounds`` rounds played out quickly: each player meets the nearest one below not met
    yet (within 8 places, else the nearest), results drawn; the standings and the history."""
    wins, spread = [0.0] * size, [0] * size
    met: set[tuple[int, int]] = set()
    history: list[tuple[int, int | None]] = []
    for _ in range(rounds):
        order = sorted(range(size), key=lambda p: (-wins[p], -spread[p], p))
        free = list(order)
        while len(free) > 1:
            a = free.pop(0)
            near = free[:8]
            b = next((p for p in near if (min(a, p), max(a, p)) not in met), free[0])
            free.remove(b)
            met.add((min(a, b), max(a, b)))
            history.append((a + 1, b + 1))
            roll, margin = rng.random(), rng.randint(1, 150)
            share = 0.5 if roll < ties else float(roll < (1 + ties) / 2)
            wins[a], wins[b] = wins[a] + share, wins[b] + 1 - share
            spread[a], spread[b] = (
                spread[a] + margin * (2 * share - 1),
                spread[b] - margin * (2 * share - 1),
            )
    order = sorted(range(size), key=lambda p: (-wins[p], -spread[p], p))
    field = tuple(
        Competitor(p + 1, place + 1, wins[p], rounds - wins[p], int(spread[p]), 2000 - p)
        for place, p in enumerate(order)
    )
    return field, tuple(history)


@dataclass(frozen=True)
class Gap:
    """What the structured pairing of a round costs beyond the exact one (0: as good)."""

    excess: int  # games beyond the repeat limit
    repeats: int  # games between players who had met
    team_mates: int
    across: int  # games between different wins
    total: int  # the whole penalty


def gap(case: Case) -> Gap:
    """The structured pairing's figures minus the exact matching's, for ``case``."""
    meetings = Meetings(case.history)
    return pairs_gap(
        case,
        swiss_pairs(case.field, meetings, case.settings, case.apart),
        swiss_pairs_exact(case.field, meetings, case.settings, case.apart),
    )


def pairs_gap(case: Case, fast: list, exact: list) -> Gap:
    """``fast``'s figures minus ``exact``'s (pairs of competitors of ``case.field``)."""
    return Gap(*(f - e for f, e in zip(figures(case, fast), figures(case, exact), strict=True)))


def figures(case: Case, pairs: list) -> tuple[int, int, int, int, int]:
    """Games beyond the repeat limit, repeats, team-mates games, games across wins, and the
    whole penalty of ``pairs``."""
    meetings = Meetings(case.history)
    place = {c.id: i for i, c in enumerate(case.field)}
    limit = case.settings.max_repeats
    out = [0, 0, 0, 0, 0]
    for a, b in pairs:
        met = meetings.times(a.id, b.id)
        out[0] += met > limit
        out[1] += met > 0
        out[2] += case.apart and team_mates(a, b)
        out[3] += a.wins != b.wins
        out[4] += penalty(a, b, abs(place[a.id] - place[b.id]), met, limit, case.apart)
    return (out[0], out[1], out[2], out[3], out[4])


def paired_locally(case: Case) -> bool:
    """Whether the round's first window is paired by stretches, without the exact matching of
    the whole field."""
    window = max(1, case.settings.swiss_window)
    matcher = LocalMatcher(
        case.field,
        Meetings(case.history),
        case.settings,
        window,
        case.apart,
        penalty,
        MAX_COUNTED_HALF_WINS,
    )
    return local_pairs(matcher, lambda: None) is not None
