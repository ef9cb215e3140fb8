"""What a stored pairing means for each of its players: the one place that decides it.

Standings, the crosstable, the PDFs, the public result labels, the TSH export, the rating
authority's ``.t`` file and the rated games all read a pairing through ``pairing_outcomes``, so a
bye or a forfeit cannot mean one thing on a page and another in a file.

Pure: it takes plain values by attribute (a ``Pairing`` model or a ``PairingRow`` tuple: ``kind``,
``first_id``, ``second_id``, ``first_score``, ``second_score``, ``forfeited_by_id``,
``sides_known``) and returns plain values; ids are whatever the pairing holds (entry ids).

The meanings follow TSH, where every unplayed round is one player's own line entry, opponent 0
with the spread as the score (+50 a bye, -50 a forfeit, 0 a half bye):

- played, both scores in: a win, loss or tie for each side, spread the score difference; a tie
  with a ``playoff_winner_id`` (rules that break ties with a play-off word) is a win for that
  player and a loss for the other, spread 0, where the play-off decides (``playoff_decides``);
  played without both scores is not a result yet (no outcomes);
- bye (no second player): a bye with the recorded spread if set (a TSH import carries it), else
  the division's bye spread; a recorded spread of 0 is a half bye;
- forfeit without an opponent (a TSH ``0`` with a negative score, a withdrawn player's round):
  a forfeit loss, spread the recorded one if set, else ``-forfeit``;
- forfeit between two players: ``forfeited_by`` loses (``-forfeit``), the other wins
  (``+forfeit``). Without a named forfeiter it means nothing, so the database refuses to store it;
- double forfeit (two players): a forfeit loss for each side, ``-forfeit`` each.

Who a play-off decides for. The play-off word decides the game for the standings, the crosstable,
the PDFs and the public pages (``playoff_decides=True``, the default): the event's rules say the
tie is broken that way. Ratings measure the game as played on the board, so a rating list rates
the tie as a tie (``playoff_decides=False``), as NASPA and WESPA rate ties; a TSH ``.t`` file holds
only the two scores, so the export writes 390-390 and TSH reads a tie.

Any other combination (a bye with an opponent, a played game or double forfeit without one) is
refused by the database too, and raises ``InconsistentPairing`` here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, Protocol

from core.refusal import Refusal, gettext_noop

# The stored ``Pairing.kind`` values (``Pairing.Kind`` members compare equal to these).
PLAYED, BYE, FORFEIT, DOUBLE_FORFEIT = "played", "bye", "forfeit", "double_forfeit"
KINDS = frozenset({PLAYED, BYE, FORFEIT, DOUBLE_FORFEIT})

NEEDS_FORFEITER = gettext_noop("A forfeit must name which player of the pairing forfeited.")
FORFEITER_WITHOUT_FORFEIT = gettext_noop("Only a forfeit names a player who forfeited.")
OPPONENT_DOES_NOT_FIT_KIND = gettext_noop(
    "A bye has no opponent; a played game or a double forfeit needs one."
)
UNKNOWN_KIND = gettext_noop("There is no result kind called %(kind)s.")
PLAYOFF_ONLY_ON_A_TIE = gettext_noop(
    "Only a tied game has a play-off winner, and it is one of the game's two players."
)


class InconsistentPairing(Refusal):
    """A pairing whose stored values have no meaning."""


class Outcome(Enum):
    """How one player's round ended."""

    WIN = "win"
    LOSS = "loss"
    TIE = "tie"
    BYE = "bye"
    HALF_BYE = "half_bye"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"

    @property
    def played(self) -> bool:
        """A game over the board (the only outcomes with scores, and the only rated ones)."""
        return self in _PLAYED

    @property
    def win_value(self) -> float:
        """1 for a win of any kind, 0.5 for a tie or half bye, 0 for a loss of any kind."""
        return _WIN_VALUE[self]


_WIN, _LOSS, _TIE = Outcome.WIN, Outcome.LOSS, Outcome.TIE
_PLAYED = frozenset({_WIN, _LOSS, _TIE})
_WIN_VALUE = {
    Outcome.WIN: 1.0,
    Outcome.BYE: 1.0,
    Outcome.FORFEIT_WIN: 1.0,
    Outcome.TIE: 0.5,
    Outcome.HALF_BYE: 0.5,
    Outcome.LOSS: 0.0,
    Outcome.FORFEIT_LOSS: 0.0,
    Outcome.DOUBLE_FORFEIT: 0.0,
}


@dataclass(frozen=True, slots=True)
class Spreads:
    """The division's spreads for unplayed rounds (a double forfeit costs each ``-forfeit``)."""

    bye: int = 50
    forfeit: int = 50


DEFAULT_SPREADS = Spreads()


class SideOutcome(NamedTuple):
    """One player's round: ``points_for``/``points_against`` only for a played game.

    ``opponent`` is None for a bye or a one-sided forfeit; ``went_first`` is None unless the
    game was played with known sides. A named tuple, not a frozen dataclass: the polled pages
    build two for each of a large division's ~6,000 pairings, and a tuple is much cheaper to
    make.
    """

    player: int
    opponent: int | None
    outcome: Outcome
    spread: int
    points_for: int | None = None
    points_against: int | None = None
    went_first: bool | None = None


class StoredPairing(Protocol):
    """The stored values of a pairing, as both ``Pairing`` and ``PairingRow`` carry them."""

    kind: str
    first_id: int
    second_id: int | None
    first_score: int | None
    second_score: int | None
    forfeited_by_id: int | None
    sides_known: bool
    # and, where ties are broken by a play-off word, ``playoff_winner_id`` (read with getattr:
    # rows built before it existed, and in-memory pairings, need not carry it)


def awaits_result(kind: str, first_score: int | None, second_score: int | None) -> bool:
    """A played game waits for its result until both scores are in; byes and forfeits never do.

    The one meaning of "unreported": ``Pairing.is_reported`` and ``PairingQuerySet.unreported``
    (tournaments/models/rounds.py) say the same for a stored pairing and for a query."""
    return kind == PLAYED and (first_score is None or second_score is None)


def played_outcome(score: int, against: int) -> Outcome:
    """The outcome of a played game for the side that scored ``score``."""
    return _PLAYED_BY_SIDE[(score > against) - (score < against)]


def played_worth(score: int, against: int) -> float:
    """What a played game adds to the wins of the side that scored ``score``: its outcome's
    ``win_value``, looked up by a plain number (an Enum member's hash is a Python-level call,
    and the standings and crosstables ask this of every game)."""
    return _PLAYED_WORTH_BY_SIDE[(score > against) - (score < against)]


# By whether the side won (1), tied (0) or lost (-1).
_PLAYED_BY_SIDE = {1: Outcome.WIN, 0: Outcome.TIE, -1: Outcome.LOSS}
_PLAYED_WORTH_BY_SIDE = {side: outcome.win_value for side, outcome in _PLAYED_BY_SIDE.items()}


def check_pairing(pairing: StoredPairing) -> None:
    """Raise ``InconsistentPairing`` unless the stored values have a meaning (see the module)."""
    kind, second, forfeiter = pairing.kind, pairing.second_id, pairing.forfeited_by_id
    if kind == PLAYED and second is not None and forfeiter is None:
        return  # by far the most common pairing, checked first
    if kind not in KINDS:
        raise InconsistentPairing(UNKNOWN_KIND, kind=kind)
    if kind == FORFEIT:
        if forfeiter is None or forfeiter not in (pairing.first_id, second):
            raise InconsistentPairing(NEEDS_FORFEITER)
        return
    if (kind == BYE) != (second is None):
        raise InconsistentPairing(OPPONENT_DOES_NOT_FIT_KIND)
    if forfeiter is not None:
        raise InconsistentPairing(FORFEITER_WITHOUT_FORFEIT)


def pairing_outcomes(
    pairing: StoredPairing, spreads: Spreads = DEFAULT_SPREADS, *, playoff_decides: bool = True
) -> tuple[SideOutcome, ...]:
    """Each player's outcome, the first player's first; empty while a game is unreported.

    ``playoff_decides``: whether a tie broken by a play-off word counts as the play-off's win and
    loss (standings) or stays a tie (ratings); see the module.

    Raises ``InconsistentPairing`` for stored values without a meaning (the database refuses
    them, so only a pairing built in memory can get here).
    """
    check_pairing(pairing)
    kind, first, second = pairing.kind, pairing.first_id, pairing.second_id
    if second is None:
        return (_unpaired(pairing, spreads),)
    if kind == PLAYED:
        return _played(pairing, first, second, playoff_decides)
    if kind == FORFEIT:
        first_lost = pairing.forfeited_by_id == first
        return (
            _forfeit(first, second, lost=first_lost, spreads=spreads),
            _forfeit(second, first, lost=not first_lost, spreads=spreads),
        )
    return (
        SideOutcome(first, second, Outcome.DOUBLE_FORFEIT, -spreads.forfeit),
        SideOutcome(second, first, Outcome.DOUBLE_FORFEIT, -spreads.forfeit),
    )


def side_outcome(
    pairing: StoredPairing,
    player: int,
    spreads: Spreads = DEFAULT_SPREADS,
    *,
    playoff_decides: bool = True,
) -> SideOutcome | None:
    """``player``'s outcome of ``pairing`` (None while the game is unreported)."""
    for side in pairing_outcomes(pairing, spreads, playoff_decides=playoff_decides):
        if side.player == player:
            return side
    return None


def won_playoff(side: SideOutcome) -> bool | None:
    """For a tied game decided by a play-off word, whether this side won it; else ``None``."""
    if side.points_for is None or side.points_for != side.points_against:
        return None
    return None if side.outcome is Outcome.TIE else side.outcome is Outcome.WIN


def went_first(pairing: StoredPairing, player: int) -> bool | None:
    """Whether ``player`` went first (None: sides unknown, or nobody to go first against)."""
    if pairing.second_id is None or not pairing.sides_known:
        return None
    return player == pairing.first_id


def _unpaired(pairing: StoredPairing, spreads: Spreads) -> SideOutcome:
    recorded = pairing.first_score
    if pairing.kind == FORFEIT:
        spread = -spreads.forfeit if recorded is None else recorded
        return SideOutcome(pairing.first_id, None, Outcome.FORFEIT_LOSS, spread)
    if recorded is None:
        return SideOutcome(pairing.first_id, None, Outcome.BYE, spreads.bye)
    # TSH's half bye is a bye recorded with spread 0; the division's own spread never makes one.
    outcome = Outcome.HALF_BYE if recorded == 0 else Outcome.BYE
    return SideOutcome(pairing.first_id, None, outcome, recorded)


def _played(
    pairing: StoredPairing, first: int, second: int, playoff_decides: bool = True
) -> tuple[SideOutcome, ...]:
    score, against = pairing.first_score, pairing.second_score
    if score is None or against is None:
        return ()
    # Spelt out rather than looped over both sides: this is the hot path of every page.
    if score > against:
        mine, theirs = _WIN, _LOSS
    elif score < against:
        mine, theirs = _LOSS, _WIN
    elif not playoff_decides or (playoff := getattr(pairing, "playoff_winner_id", None)) is None:
        mine, theirs = _TIE, _TIE
    elif playoff == first:
        mine, theirs = _WIN, _LOSS
    else:
        mine, theirs = _LOSS, _WIN
    known = pairing.sides_known
    spread = score - against
    return (
        SideOutcome(first, second, mine, spread, score, against, True if known else None),
        SideOutcome(second, first, theirs, -spread, against, score, False if known else None),
    )


def _forfeit(player: int, opponent: int, *, lost: bool, spreads: Spreads) -> SideOutcome:
    if lost:
        return SideOutcome(player, opponent, Outcome.FORFEIT_LOSS, -spreads.forfeit)
    return SideOutcome(player, opponent, Outcome.FORFEIT_WIN, spreads.forfeit)
