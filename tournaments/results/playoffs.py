"""Playoffs after a division's preliminary rounds: the stage, its bracket and its series.

Pure: plain values in, plain values out. The stage is stored as one JSON object on the division
(``Division.playoff``, read with ``read_stage``); its games are ordinary pairings of rounds after
``after_round``, given here as ``PlayoffGame`` values (entry numbers and the first player's win
value from ``outcomes``: a tie counts half, a tie decided by a play-off word counts whole).

- The stage: the top ``top`` (K) players of the standings after ``after_round`` (``seeds``, best
  first) play a single-elimination bracket; K = 2 is a plain final. Every series is best of
  ``best_of`` (N, odd), the final best of ``final_best_of``. When K is not a power of two the top
  seeds get byes. ``third_place`` adds a match between the two semi-final losers (K >= 4).
- The higher seed's advantage (``advantage``): ``first_move`` (it moves first in game 1),
  ``head_start`` (it starts the series one win up; N >= 3) or ``none``. Without ``first_move``
  the first player of game 1 is drawn (from the stage's ``seed``); later games alternate.
- A series is decided as soon as one side has ceil(N/2) wins, counting a head start, and more
  than the other. Ties count half each, so a series tied after N games goes on, one game at a
  time, until one side is ahead.
- Games are paired one per undecided series at a time (``next_games``): a decided series never
  gets another game, so there is no unplayed decider to remove. Games reported after the series
  was decided (none are paired, but a director may add one by hand) are not counted.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from math import ceil

from core.refusal import Refusal, gettext_noop

FIRST_MOVE, HEAD_START, NO_ADVANTAGE = "first_move", "head_start", "none"
ADVANTAGES = (FIRST_MOVE, HEAD_START, NO_ADVANTAGE)
MIN_TOP, MAX_TOP = 2, 32
MIN_BEST_OF, MAX_BEST_OF = 1, 15
FINAL, THIRD_PLACE = "final", "third"

TOP_OUT_OF_RANGE = gettext_noop("The playoff takes from %(low)d to %(high)d players.")
BEST_OF_NOT_ODD = gettext_noop(
    "A series is best of an odd number of games from %(low)d to %(high)d."
)
UNKNOWN_ADVANTAGE = gettext_noop("There is no playoff advantage called %(advantage)s.")
HEAD_START_NEEDS_THREE = gettext_noop("A head start needs series of 3 games or more.")
THIRD_PLACE_NEEDS_FOUR = gettext_noop("A third-place match needs 4 players or more.")
SEEDS_DO_NOT_FIT = gettext_noop("The playoff needs %(top)d different seeded players.")
BAD_STAGE = gettext_noop("The division's playoff is not one this version can read.")


class PlayoffRefused(Refusal):
    """A playoff the core cannot build or read."""


@dataclass(frozen=True, slots=True)
class Stage:
    """A division's playoff: who plays (``seeds``: entry numbers, best seed first) and how."""

    top: int
    best_of: int
    seeds: tuple[int, ...]
    after_round: int
    final_best_of: int | None = None
    advantage: str = FIRST_MOVE
    third_place: bool = False
    seed: int = 0

    def __post_init__(self) -> None:
        check_settings(self.top, self.best_of, self.final_best_of, self.advantage, self.third_place)
        if len(self.seeds) != self.top or len(set(self.seeds)) != self.top:
            raise PlayoffRefused(SEEDS_DO_NOT_FIT, top=self.top)

    @property
    def final_games(self) -> int:
        return self.final_best_of or self.best_of

    def to_json(self) -> dict:
        """Every field, as ``read_stage`` reads it back (the seeds as a JSON list)."""
        return {**asdict(self), "seeds": list(self.seeds)}


def check_settings(
    top: int, best_of: int, final_best_of: int | None, advantage: str, third_place: bool
) -> None:
    """Refuse settings without a meaning (see the module for the limits)."""
    if not MIN_TOP <= top <= MAX_TOP:
        raise PlayoffRefused(TOP_OUT_OF_RANGE, low=MIN_TOP, high=MAX_TOP)
    for games in (best_of, final_best_of or best_of):
        if not (MIN_BEST_OF <= games <= MAX_BEST_OF and games % 2 == 1):
            raise PlayoffRefused(BEST_OF_NOT_ODD, low=MIN_BEST_OF, high=MAX_BEST_OF)
    if advantage not in ADVANTAGES:
        raise PlayoffRefused(UNKNOWN_ADVANTAGE, advantage=advantage)
    if advantage == HEAD_START and min(best_of, final_best_of or best_of) < 3:
        raise PlayoffRefused(HEAD_START_NEEDS_THREE)
    if third_place and top < 4:
        raise PlayoffRefused(THIRD_PLACE_NEEDS_FOUR)


def read_stage(data: object) -> Stage | None:
    """The stage stored as ``Stage.to_json`` (None for an empty object: no playoff)."""
    if not data:
        return None
    try:
        return Stage(
            top=_whole(data["top"]),
            best_of=_whole(data["best_of"]),
            final_best_of=None
            if data.get("final_best_of") is None
            else _whole(data["final_best_of"]),
            advantage=str(data["advantage"]),
            third_place=data["third_place"] is True,
            seeds=tuple(_whole(n) for n in data["seeds"]),
            after_round=_whole(data["after_round"]),
            seed=_whole(data.get("seed", 0)),
        )
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise PlayoffRefused(BAD_STAGE) from err


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(value)
    return value


def bracket_size(top: int) -> int:
    size = 1
    while size < top:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """Seeds in bracket order (1, 8, 4, 5, 2, 7, 3, 6 for 8): 1 and 2 can meet only in the
    final, and each first-round pair adds up to ``size + 1``."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


@dataclass(frozen=True, slots=True)
class PlayoffGame:
    """A game of playoff round ``round`` (entry numbers): each side's win value (1, 0.5 or 0),
    ``first_value`` None while unreported; ``second_value`` None: ``1 - first_value``."""

    round: int
    first: int
    second: int
    first_value: float | None
    second_value: float | None = None


@dataclass(slots=True)
class Series:
    """One match of the bracket between a higher seed (``high``) and a lower one (``low``).

    ``high``/``low`` are seed numbers (1 best), None while the side is not known yet; ``low`` is
    also None for a bye (``bye``), which the higher seed wins without a game.
    """

    key: str
    level: int
    best_of: int
    high: int | None = None
    low: int | None = None
    bye: bool = False
    head_start: float = 0.0
    high_wins: float = 0.0
    low_wins: float = 0.0
    games: list[PlayoffGame] = field(default_factory=list)
    pending: PlayoffGame | None = None
    winner: int | None = None

    @property
    def target(self) -> int:
        return ceil(self.best_of / 2)

    @property
    def decided(self) -> bool:
        return self.winner is not None

    @property
    def ready(self) -> bool:
        """Both sides known and nothing decided: a series that plays."""
        return self.high is not None and self.low is not None and not self.decided

    @property
    def loser(self) -> int | None:
        if self.winner is None or self.bye:
            return None
        return self.low if self.winner == self.high else self.high


@dataclass(slots=True)
class Bracket:
    """The state of a stage: ``levels[0]`` is the first round, ``levels[-1]`` the final."""

    stage: Stage
    levels: list[list[Series]]
    third: Series | None = None

    @property
    def final(self) -> Series:
        return self.levels[-1][0]

    @property
    def series(self) -> list[Series]:
        found = [s for level in self.levels for s in level]
        return found + ([self.third] if self.third else [])

    @property
    def finished(self) -> bool:
        return all(s.decided for s in self.series)

    def number(self, seed: int | None) -> int | None:
        """The entry number of a seed."""
        return None if seed is None else self.stage.seeds[seed - 1]


def bracket(stage: Stage, games: list[PlayoffGame] = ()) -> Bracket:
    """The stage's bracket with ``games`` (in round order) counted; see the module."""
    size = bracket_size(stage.top)
    levels_count = size.bit_length() - 1
    seed_of = {number: index + 1 for index, number in enumerate(stage.seeds)}
    by_pair: dict[frozenset[int], list[PlayoffGame]] = {}
    for game in sorted(games, key=lambda g: g.round):
        by_pair.setdefault(
            frozenset((seed_of.get(game.first), seed_of.get(game.second))), []
        ).append(game)
    positions = seed_positions(size)
    result = Bracket(stage, [])
    sides: list[int | None] = [s if s <= stage.top else None for s in positions]
    for level in range(levels_count):
        best_of = stage.final_games if level == levels_count - 1 else stage.best_of
        matches = []
        for index in range(0, len(sides), 2):
            key = FINAL if level == levels_count - 1 else f"{level + 1}-{index // 2 + 1}"
            series = Series(key, level, best_of)
            _seat(series, sides[index], sides[index + 1], first_level=level == 0)
            _count(series, stage, by_pair)
            matches.append(series)
        result.levels.append(matches)
        sides = [s.winner for s in matches]
    if stage.third_place:
        semis = result.levels[-2]
        third = Series(THIRD_PLACE, levels_count - 1, stage.best_of)
        _seat(third, semis[0].loser, semis[1].loser, first_level=False)
        _count(third, stage, by_pair)
        result.third = third
    return result


def _seat(series: Series, one: int | None, other: int | None, *, first_level: bool) -> None:
    if first_level and (one is None or other is None):
        series.high = one if other is None else other
        series.bye = True
        series.winner = series.high
        return
    if one is None or other is None:
        series.high, series.low = (one, other) if other is None else (other, one)
        return
    series.high, series.low = min(one, other), max(one, other)


def _count(series: Series, stage: Stage, by_pair: dict) -> None:
    if not series.ready:
        return
    if stage.advantage == HEAD_START:
        series.head_start = 1.0
        series.high_wins = 1.0
    high, low = series.high, series.low
    high_number = stage.seeds[high - 1]
    for game in by_pair.get(frozenset((high, low)), ()):
        if series.decided:
            break
        if game.first_value is None:
            series.pending = series.pending or game
            continue
        first, second = game.first_value, game.second_value
        second = 1.0 - first if second is None else second
        mine, theirs = (first, second) if game.first == high_number else (second, first)
        series.high_wins += mine
        series.low_wins += theirs
        series.games.append(game)
        series.winner = _leader(series)


def _leader(series: Series) -> int | None:
    target = series.target
    if series.high_wins >= target and series.high_wins > series.low_wins:
        return series.high
    if series.low_wins >= target and series.low_wins > series.high_wins:
        return series.low
    return None


@dataclass(frozen=True, slots=True)
class NextGame:
    """A game to pair: ``first`` moves first; ``series`` names its match, ``game`` its number."""

    series: str
    game: int
    first: int
    second: int


def next_games(state: Bracket) -> list[NextGame]:
    """One game for every series that plays and has no game awaiting a result, in bracket order."""
    found = []
    for series in state.series:
        if not series.ready or series.pending is not None:
            continue
        first, second = _sides(state, series)
        found.append(NextGame(series.key, len(series.games) + 1, first, second))
    return found


def _sides(state: Bracket, series: Series) -> tuple[int, int]:
    high, low = state.number(series.high), state.number(series.low)
    if series.games:
        last = series.games[-1]
        return (last.second, last.first)  # the sides alternate
    if state.stage.advantage == FIRST_MOVE:
        return (high, low)
    draw = random.Random(f"{state.stage.seed}:{series.key}")
    return (high, low) if draw.random() < 0.5 else (low, high)
