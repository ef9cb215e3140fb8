"""Step 3's engine: play the remaining rounds many times at once with numpy.

Each simulated round pairs the field by factor (rank i v i+f for i < f, f the smaller of rounds
left and half the field; the rest i v i+M/2), the last simulated round king of the hill, an odd
field's last-ranked player taking a bye. A game is a coin flip; its spread is drawn from a fixed
table of realistic margins. Everything is integer arithmetic on a seeded PCG64 stream, and the
sort keys are unique (ties broken by the current standings), so results are the same on every
machine whatever the sort algorithm numpy picks.

Each player's record, spread and identity live in one int64 sort key per simulation, so a round
is one block of draws, one table look-up, two additions per factor segment and one in-place
sort of each row; the draws are the same calls in the same order as the engine before it, so a
seed gives the same simulations.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

TABLE_SIZE = 1000
TIE_SLOTS = 4  # 0.4% of games are ties
SPREAD_SIGMA = 104  # a normal margin with this deviation has a mean absolute spread of ~83
BYE_SPREAD = 50
_KEY_TIE_BITS = 1024  # room for the tie-break: players are at most 1000
# Draws below 2**32 come from the same 32-bit generator whatever the dtype, so int32 gives the
# very numbers int64 gave (and leaves the stream where int64 left it), about five times faster.
_DRAW = np.int32


@functools.lru_cache(maxsize=32)
def spread_table(cap: int) -> np.ndarray:
    """``TABLE_SIZE`` equally likely absolute margins: ``TIE_SLOTS`` ties, then the quantiles of
    a half-normal margin, at least 1 and at most ``cap``."""
    normal = NormalDist(0, SPREAD_SIGMA)
    wins = TABLE_SIZE - TIE_SLOTS
    margins = [
        min(max(1, round(normal.inv_cdf(0.5 + (k + 0.5) / wins / 2))), max(cap, 1))
        for k in range(wins)
    ]
    table = np.array([0] * TIE_SLOTS + margins, dtype=np.int64)
    table.setflags(write=False)
    return table


def factor_segments(size: int, rounds_left: int) -> tuple[list[tuple[slice, slice]], int | None]:
    """One simulated round of ``size`` players in standings order: slices of positions where
    the k-th of the first slice plays the k-th of the second, and the bye's position if any."""
    bye = size - 1 if size % 2 else None
    even = size - size % 2
    if rounds_left <= 1:
        return [(slice(0, even, 2), slice(1, even, 2))], bye
    f = min(rounds_left, even // 2)
    half = (even - 2 * f) // 2
    return [
        (slice(0, f), slice(f, 2 * f)),
        (slice(2 * f, 2 * f + half), slice(2 * f + half, even)),
    ], bye


@dataclass(frozen=True, slots=True)
class Plan:
    """What to simulate: ``rounds`` rounds; ``first_games`` fixed for the first one (a == b: a
    bye); ``winner`` wins every round, against ``victim`` (a position) in the first
    ``victim_rounds`` rounds (``None``: all; after them the winner beats someone outside the
    race and the victim's game is a coin flip) or, without a victim, against someone outside
    the race (the winner only gains) or, with ``in_field``, against their usual factor
    opponent (the winner is paired like everyone and wins whatever the draw). With
    ``chases_leader`` (and no victim) the winner beats whoever leads the simulation at the
    start of each of the first ``victim_rounds`` rounds: the best-placed other player then,
    not today's leader (in the first round they are the same); after them the winner joins
    the field and wins their usual game (as ``in_field``)."""

    rounds: int
    spread_cap: int
    first_games: tuple[tuple[int, int], ...] = ()
    winner: int | None = None
    victim: int | None = None
    victim_rounds: int | None = None
    in_field: bool = False
    chases_leader: bool = False


class _State:
    """Records of ``sims`` simulations, one sort key per player (``keys``, see ``_Keys``).
    Columns ``0..free-1`` hold the players paired by factor, kept sorted best first in each row
    (so a row's order is its standings and a key names its player); the pinned players
    (winner, victim) sit in the last columns."""

    def __init__(self, wl2, spread, plan: Plan, sims: int) -> None:
        winner = None if plan.in_field else plan.winner
        pinned = [p for p in (winner, plan.victim) if p is not None]
        free = [p for p in range(len(wl2)) if p not in pinned]
        columns = free + pinned
        self.free = len(free)
        self.pinned = pinned
        self.size = len(wl2)
        self.cap = plan.spread_cap
        self.codec = _Keys(len(wl2), _spread_span(spread, plan))
        first = self.codec.encode(
            np.asarray(wl2, dtype=np.int64)[columns],
            np.asarray(spread, dtype=np.int64)[columns],
            np.asarray(columns, dtype=np.int64),
        )
        self.keys = np.tile(first, (sims, 1))

    def sort_free(self) -> None:
        self.keys[:, : self.free].sort(axis=1)  # unique keys: every sort algorithm agrees

    def free_ids(self) -> np.ndarray:
        return self.codec.player(self.keys[:, : self.free])

    def final_order(self) -> np.ndarray:
        self.keys.sort(axis=1)  # in place: the state is done with
        return self.codec.player(self.keys)


class _Keys:
    """One int64 per player and simulation that sorts ascending into the standings: minus
    (wins-losses x ``step`` + (spread + offset) x ``_KEY_TIE_BITS`` + tie), the tie putting the
    earlier standing first. The spread term stays in ``[0, step)``, so the record, the spread
    and the player can be read back, and a game or bye is one addition."""

    def __init__(self, size: int, span: tuple[int, int]) -> None:
        self.size = size
        self.offset, width = span
        self.step = width * _KEY_TIE_BITS

    def encode(self, wl2: np.ndarray, spread: np.ndarray, ids: np.ndarray) -> np.ndarray:
        return -(wl2 * self.step + (spread + self.offset) * _KEY_TIE_BITS + self.tie(ids))

    def tie(self, ids):
        return self.size - 1 - ids

    def player(self, keys: np.ndarray) -> np.ndarray:
        found = np.negative(keys)  # one new array, then in place: this runs on every sim
        np.bitwise_and(found, _KEY_TIE_BITS - 1, out=found)
        return np.subtract(self.size - 1, found, out=found)

    def gain(self, wl2, spread):
        """What a change of record and spread subtracts from a key."""
        return wl2 * self.step + spread * _KEY_TIE_BITS

    def record(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Twice wins minus losses, and the spread."""
        wl2, rest = np.divmod(-keys, self.step)
        return wl2, rest // _KEY_TIE_BITS - self.offset


def simulate(
    wl2: Sequence[int], spread: Sequence[int], plan: Plan, sims: int, rng: np.random.Generator
) -> np.ndarray:
    """Final standings of ``sims`` simulations: row s lists positions best first."""
    return _play_out(wl2, spread, plan, sims, rng).final_order()


def _play_out(wl2, spread, plan: Plan, sims: int, rng: np.random.Generator) -> _State:
    state = _State(wl2, spread, plan, sims)
    table = spread_table(plan.spread_cap)
    for k in range(plan.rounds):
        left = plan.rounds - k
        meets_victim = plan.victim_rounds is None or k < plan.victim_rounds
        chasing = plan.chases_leader and meets_victim
        if plan.chases_leader and not meets_victim and state.pinned:
            state.free, state.pinned = state.free + 1, []  # the winner joins the field
            state.sort_free()
        in_field = plan.in_field or (plan.chases_leader and not meets_victim)
        if k:
            state.sort_free()
        before = state.keys.copy() if in_field else None  # as sorted for this round
        skip = 1 if chasing else 0  # column 0 leads the others, sorted
        if k == 0:
            partner = _first_round(state, plan, left, rng, table, skip)
        else:
            partner = _factor_round(state, np.arange(skip, state.free), left, rng, table)
        if plan.winner is None:
            continue
        if in_field:
            _force_win(state, plan.winner, before, partner, rng, table)
        else:
            _win_out(state, rng, table, meets_victim, leader=chasing)
    return state


def _first_round(state: _State, plan: Plan, left: int, rng, table, skip: int = 0) -> np.ndarray:
    """The first round: every row is still in standings order, so columns are the same; the
    first ``skip`` columns sit out the factor round. Returns each free column's factor
    opponent (see ``_factor_round``)."""
    order = state.codec.player(state.keys[0, : state.free]).tolist()  # every row alike
    column = {p: c for c, p in enumerate(order)}
    fixed = {p for g in plan.first_games for p in g} | set(order[:skip])
    columns = np.array([c for p, c in column.items() if p not in fixed], dtype=np.int64)
    partner = _factor_round(state, columns, left, rng, table)
    played = [(column[a], column[b]) for a, b in plan.first_games if a != b]
    if played:
        upper, lower = (np.array(side) for side in zip(*played, strict=True))
        _play(state, [(upper, lower)], rng, table)
    byes = [column[a] for a, b in plan.first_games if a == b]
    if byes:
        _give_bye(state, np.array(byes))
    return partner


def _factor_round(state: _State, columns: np.ndarray, left: int, rng, table) -> np.ndarray:
    """Play a factor round among ``columns``; returns each free column's opponent column
    (-1: a bye or not in this round), the same in every row."""
    segments, bye = factor_segments(len(columns), left)
    contiguous = len(columns) == state.free
    pairs = [(a, b) if contiguous else (columns[a], columns[b]) for a, b in segments]
    _play(state, pairs, rng, table)
    if bye is not None:
        _give_bye(state, columns[bye : bye + 1])
    partner = np.full(state.free, -1, dtype=np.int64)
    for upper, lower in segments:
        partner[columns[upper]] = columns[lower]
        partner[columns[lower]] = columns[upper]
    return partner


def _force_win(state: _State, winner: int, before, partner: np.ndarray, rng, table) -> None:
    """Turn the winner's lost or tied game of this round (in the field) into a win by a drawn
    margin, and their opponent's into the matching loss. ``before``: the keys as sorted for
    this round, before it was played (so each column is still the same player)."""
    codec, keys = state.codec, state.keys
    rows = np.arange(keys.shape[0])
    mine = np.argmax(state.free_ids() == winner, axis=1)
    theirs = partner[mine]
    old_wl, _ = codec.record(before[rows, mine])
    new_wl, _ = codec.record(keys[rows, mine])
    beaten = (new_wl - old_wl <= 0) & (theirs >= 0)
    rows, mine, theirs = rows[beaten], mine[beaten], theirs[beaten]
    if not len(rows):
        return
    won = codec.gain(2, table[rng.integers(TIE_SLOTS, TABLE_SIZE, size=len(rows), dtype=_DRAW)])
    keys[rows, mine] = before[rows, mine] - won
    keys[rows, theirs] = before[rows, theirs] + won


def _play(state: _State, pairs, rng, table) -> None:
    """Coin-flip games between the columns of each pair of index objects."""
    keys = state.keys
    sizes = [len(range(keys.shape[1])[a]) if isinstance(a, slice) else len(a) for a, _ in pairs]
    draw = rng.integers(0, 2 * TABLE_SIZE, size=(keys.shape[0], sum(sizes)), dtype=_DRAW)
    gain = _gains(state.cap, state.codec.step)[draw]
    start = 0
    for (upper, lower), size in zip(pairs, sizes, strict=True):
        part = gain[:, start : start + size]
        start += size
        keys[:, upper] -= part
        keys[:, lower] += part


@functools.lru_cache(maxsize=32)
def outcome_tables(cap: int) -> tuple[np.ndarray, np.ndarray]:
    """Per draw in ``0..2*TABLE_SIZE-1``: the upper player's margin (the first half wins) and
    twice their wins minus losses, looked up once instead of computed per game."""
    table = spread_table(cap)
    signed = np.concatenate([table, -table])
    return signed, 2 * np.sign(signed)


@functools.lru_cache(maxsize=32)
def _gains(cap: int, step: int) -> np.ndarray:
    """Per draw: what the game takes off the upper player's key (see ``_Keys.gain``)."""
    signed, scored = outcome_tables(cap)
    return scored * step + signed * _KEY_TIE_BITS


def _give_bye(state: _State, columns) -> None:
    state.keys[:, columns] -= state.codec.gain(2, BYE_SPREAD)


def _win_out(state: _State, rng, table, meets_victim: bool = True, leader: bool = False) -> None:
    """The pinned winner wins by a drawn margin: against the pinned victim (``meets_victim``),
    or against column 0, whoever leads this round (``leader``), or against someone outside the
    race; a victim not met plays a coin flip elsewhere."""
    keys, codec = state.keys, state.codec
    margin = table[rng.integers(TIE_SLOTS, TABLE_SIZE, size=keys.shape[0], dtype=_DRAW)]
    winner = state.free
    won = codec.gain(2, margin)
    keys[:, winner] -= won
    if leader:
        keys[:, 0] += won
    if len(state.pinned) < 2:
        return
    if meets_victim:
        keys[:, winner + 1] += won
        return
    draw = rng.integers(
        0, 2 * TABLE_SIZE, size=keys.shape[0], dtype=_DRAW
    )  # the victim plays elsewhere
    keys[:, winner + 1] -= _gains(state.cap, codec.step)[draw]


def _spread_span(spread: Sequence[int], plan: Plan) -> tuple[int, int]:
    """Offset and width that keep every reachable spread non-negative and below the width."""
    reach = plan.rounds * (max(plan.spread_cap, BYE_SPREAD) + 1) + 1
    low, high = min(spread) - reach, max(spread) + reach
    return -low, high - low + 1


def rng_factory(seed: int):
    """Independent seeded generators per purpose and path, so phases never share a stream."""
    purposes = {"division": 1, "control": 2, "factor3": 3}

    def rng_for(purpose: str, *path: int) -> np.random.Generator:
        sequence = np.random.SeedSequence([seed % 2**64, purposes[purpose], *path])
        return np.random.Generator(np.random.PCG64(sequence))

    return rng_for
