"""One record per player per round: the single answer every writer of the event reads.

``outcomes.pairing_outcomes`` says what a stored pairing means for its players; this module adds
what a pairing cannot say (a round the player was not in: before a late entry joined, after a
withdrawal, a round not paired for them) and gives each player one ``RoundRecord`` per round. The
standings text/csv/json, the ``.t`` export, ``tourney.js``, ``.tou`` and the NASPA file all read
these records (tests/tournaments/results/test_records_writers.py fails when a writer does not).

Pure: plain values in (a ``StoredPairing`` per round, the entry's facts), plain values out.

``Record`` members and what they count on the site (``value``: the win value, ``None`` when the
round counts nothing at all; ``spread``: what it adds to the spread):

- ``WON``/``LOST``/``TIED``: a played game, spread the score difference;
- ``PLAYOFF_WON``/``PLAYOFF_LOST``: a tie decided by the play-off word (RULES.md): a whole win or
  loss, spread 0. Rating files rate it as the tie it was on the board (``rated_value`` 0.5);
- ``BYE`` (+spread), ``HALF_BYE`` (0.5, spread 0 or as recorded), ``FORFEIT_WON``,
  ``FORFEIT_LOST``, ``DOUBLE_FORFEIT``;
- ``STARTING``: a round a late entry missed, carrying a share of the starting result the
  director gave (``starting_shares``: whole wins first, then a half, then losses; the starting
  spread spread over them so a win's share is positive and a loss's negative);
- ``NOT_JOINED``: a round a late entry missed with no starting result for it: counts nothing;
- ``WITHDRAWN``: a round after the player's withdrawal with no pairing: counts nothing;
- ``PENDING``: paired, the result not in yet: counts nothing yet;
- ``NOT_PAIRED``: an active player with no pairing in the round (a playoff round they are not
  in, a round not paired for them): counts nothing.

``playoff_game`` marks a round of the playoff stage (a bracket game after the preliminaries).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import NamedTuple

from .outcomes import DEFAULT_SPREADS, Outcome, Spreads, StoredPairing, side_outcome


class Record(Enum):
    WON = "won"
    LOST = "lost"
    TIED = "tied"
    PLAYOFF_WON = "playoff_won"
    PLAYOFF_LOST = "playoff_lost"
    BYE = "bye"
    HALF_BYE = "half_bye"
    FORFEIT_WON = "forfeit_won"
    FORFEIT_LOST = "forfeit_lost"
    DOUBLE_FORFEIT = "double_forfeit"
    STARTING = "starting"
    NOT_JOINED = "not_joined"
    WITHDRAWN = "withdrawn"
    PENDING = "pending"
    NOT_PAIRED = "not_paired"

    @property
    def played(self) -> bool:
        """A game over the board with both scores in (a play-off tie included)."""
        return self in _PLAYED

    @property
    def counts(self) -> bool:
        """Whether the round adds anything to the record (wins, losses or spread)."""
        return self not in _NOTHING


_PLAYED = frozenset({Record.WON, Record.LOST, Record.TIED, Record.PLAYOFF_WON, Record.PLAYOFF_LOST})
_NOTHING = frozenset({Record.NOT_JOINED, Record.WITHDRAWN, Record.PENDING, Record.NOT_PAIRED})
_FROM_OUTCOME = {
    Outcome.WIN: Record.WON,
    Outcome.LOSS: Record.LOST,
    Outcome.TIE: Record.TIED,
    Outcome.BYE: Record.BYE,
    Outcome.HALF_BYE: Record.HALF_BYE,
    Outcome.FORFEIT_WIN: Record.FORFEIT_WON,
    Outcome.FORFEIT_LOSS: Record.FORFEIT_LOST,
    Outcome.DOUBLE_FORFEIT: Record.DOUBLE_FORFEIT,
}


# What a rating list counts a played game as: the board's result (a play-off tie stays a tie).
_RATED = {
    Record.WON: 1.0,
    Record.LOST: 0.0,
    Record.TIED: 0.5,
    Record.PLAYOFF_WON: 0.5,
    Record.PLAYOFF_LOST: 0.5,
}


def rated_value(record: Record) -> float | None:
    """The win value a rating list gives a played game (None: not a played game)."""
    return _RATED.get(record)


class RoundRecord(NamedTuple):
    """One player's round. ``opponent`` is the other entry id (None: nobody); ``score`` and
    ``against`` only for a played game; ``value`` the win value on the site (None: counts
    nothing); ``rated_value`` the value a rating list gives it (a play-off tie is a tie there);
    ``pairing`` the stored pairing, if any (for its table)."""

    round: int
    player: int
    record: Record
    value: float | None
    spread: int = 0
    opponent: int | None = None
    score: int | None = None
    against: int | None = None
    went_first: bool | None = None
    playoff_game: bool = False
    pairing: object = None

    @property
    def rated_value(self) -> float | None:
        return _RATED.get(self.record, self.value)

    @property
    def line_score(self) -> int | None:
        """The one number TSH's files hold for the round: a played game's own score, else the
        spread credited (None while pending, 0 for a round that counts nothing)."""
        if self.record.played:
            return self.score
        return None if self.record is Record.PENDING else self.spread


@dataclass(frozen=True, slots=True)
class EntryFacts:
    """What the records need of an entry besides its pairings (``pk`` as pairings name it)."""

    pk: int
    joins_at_round: int = 1
    withdrawn_after_round: int | None = None
    starting_wins: Decimal | float = 0
    starting_losses: Decimal | float = 0
    starting_spread: int = 0


def entry_facts(entry) -> EntryFacts:
    """What the records need of an entry (a model or anything with the same attributes)."""
    return EntryFacts(
        entry.pk,
        entry.joins_at_round,
        entry.withdrawn_after_round,
        entry.starting_wins,
        entry.starting_losses,
        entry.starting_spread,
    )


# The unplayed round a late entry's starting share is written and counted as.
_STARTING_AS = {1.0: Record.BYE, 0.5: Record.HALF_BYE, 0.0: Record.FORFEIT_LOST}


def starting_as(share: RoundRecord) -> Record:
    """The unplayed round a ``STARTING`` record is written as (a bye, a half bye or a forfeit
    loss, by its win value; a share merged from several games counts one game)."""
    return _STARTING_AS[min(share.value, 1.0)]


def starting_shares(
    wins: float, losses: float, spread: int, spreads: Spreads = DEFAULT_SPREADS
) -> list[tuple[float, int]]:
    """The starting record as one (win value, spread) per game: wins (+bye spread), a half
    (0), losses (-forfeit spread); the rest of the starting spread goes on a win (or a loss) so
    every win's share stays positive and every loss's negative where that can be done."""
    whole, half = int(wins), (float(wins) - int(wins)) >= 0.5
    lost = int(float(losses) - (0.5 if half else 0))
    values = [1.0] * whole + ([0.5] if half else []) + [0.0] * max(0, lost)
    shares = [spreads.bye if v == 1 else 0 if v == 0.5 else -spreads.forfeit for v in values]
    rest = spread - sum(shares)
    for index in _adjust_order(values, rest):
        if not rest:
            break
        low, high = (1, None) if values[index] == 1 else (None, -1)
        moved = _clamp(shares[index] + rest, low, high)
        rest -= moved - shares[index]
        shares[index] = moved
    # What is left (a starting 1-0 with spread 0: no positive share sums to 0) is dropped: the
    # files keep each game's sign (win, half, loss), and the site counts these shares as the
    # files write them (``game_rows.starting_rows``), so both show +1 for that 1-0.
    return list(zip(values, shares, strict=True))


def _adjust_order(values: list[float], rest: int) -> list[int]:
    wins = [i for i, v in enumerate(values) if v == 1]
    losses = [i for i, v in enumerate(values) if v == 0]
    return wins + losses if rest > 0 else losses + wins


def _clamp(value: int, low: int | None, high: int | None) -> int:
    if low is not None and value < low:
        return low
    if high is not None and value > high:
        return high
    return value


def round_record(
    number: int,
    entry: EntryFacts,
    pairing: StoredPairing | None,
    spreads: Spreads = DEFAULT_SPREADS,
    *,
    playoff_game: bool = False,
    share: tuple[float, int] | None = None,
) -> RoundRecord:
    """``entry``'s record of round ``number`` (``pairing``: its pairing there, if any;
    ``share``: for a late entry's missed round, its share of the starting result)."""
    me = entry.pk
    if pairing is None:
        if number < entry.joins_at_round:
            if share is not None:
                return RoundRecord(number, me, Record.STARTING, share[0], share[1])
            return RoundRecord(number, me, Record.NOT_JOINED, None)
        withdrawn = entry.withdrawn_after_round
        kind = Record.WITHDRAWN if withdrawn is not None and number > withdrawn else None
        return RoundRecord(number, me, kind or Record.NOT_PAIRED, None, playoff_game=playoff_game)
    side = side_outcome(pairing, me, spreads)
    other = pairing.second_id if pairing.first_id == me else pairing.first_id
    if side is None:
        return RoundRecord(
            number, me, Record.PENDING, None, 0, other, playoff_game=playoff_game, pairing=pairing
        )
    record = _FROM_OUTCOME[side.outcome]
    if side.points_for is not None and side.points_for == side.points_against:
        record = {Record.WON: Record.PLAYOFF_WON, Record.LOST: Record.PLAYOFF_LOST}.get(
            record, record
        )
    return RoundRecord(
        number,
        me,
        record,
        side.outcome.win_value,
        side.spread,
        side.opponent,
        side.points_for,
        side.points_against,
        side.went_first,
        playoff_game,
        pairing,
    )


def entry_records(
    entry: EntryFacts,
    pairings: Mapping[int, StoredPairing],
    rounds: int,
    spreads: Spreads = DEFAULT_SPREADS,
    *,
    playoff_after: int | None = None,
) -> tuple[RoundRecord, ...]:
    """``entry``'s records of rounds 1..``rounds`` (``pairings``: its pairing by round number;
    ``playoff_after``: the last preliminary round when the division has a playoff stage)."""
    missed = [n for n in range(1, entry.joins_at_round) if n not in pairings]
    shares = starting_shares(
        float(entry.starting_wins), float(entry.starting_losses), entry.starting_spread, spreads
    )
    given = dict(zip(missed, shares, strict=False))
    if shares and len(shares) > len(missed) and missed:
        extra = shares[len(missed) - 1 :]  # more starting games than missed rounds: merged
        given[missed[-1]] = (sum(v for v, _ in extra), sum(s for _, s in extra))
    return tuple(
        round_record(
            number,
            entry,
            pairings.get(number),
            spreads,
            playoff_game=playoff_after is not None and number > playoff_after,
            share=given.get(number),
        )
        for number in range(1, rounds + 1)
    )


def by_round(pairings: Iterable, round_of) -> dict[int, dict[int, StoredPairing]]:
    """Each entry's pairing by round number: ``{entry id: {round: pairing}}``
    (``round_of(pairing)``: its round number)."""
    found: dict[int, dict[int, StoredPairing]] = {}
    for pairing in pairings:
        number = round_of(pairing)
        for entry_id in (pairing.first_id, pairing.second_id):
            if entry_id is not None:
                found.setdefault(entry_id, {})[number] = pairing
    return found
