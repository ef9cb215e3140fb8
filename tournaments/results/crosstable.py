"""Crosstable of a division: one row per player, one cell per round (pure, no Django).

Built from the same one-row-per-player-per-round ``GameResult`` values as the standings, so a
django-tables2 table can show a column per round from ``Crosstable.rounds``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from core.refusal import gettext_noop

from .formatting import fmt_score, fmt_spread
from .standings import (
    UNKNOWN_PLAYER,
    GameResult,
    PlayerInfo,
    ResultKind,
    StandingsError,
    StandingsSettings,
    row_win_value,
    unplayed_spread,
)

# Cell markers as printed on a wall chart.
WIN, LOSS, TIE, BYE, FORFEIT = "W", "L", "T", "B", "F"
# A tied game decided by a play-off word: a win or a loss, as the standings count it.
PLAYOFF_WIN, PLAYOFF_LOSS = "PW", "PL"
# What each marker reads as in the reader's language (the Django layer translates them).
MARKER_TEXTS = {
    WIN: gettext_noop("W"),
    LOSS: gettext_noop("L"),
    TIE: gettext_noop("T"),
    BYE: gettext_noop("B"),
    FORFEIT: gettext_noop("F"),
    PLAYOFF_WIN: gettext_noop("W (tie won)"),
    PLAYOFF_LOSS: gettext_noop("L (tie lost)"),
}


class CrosstableCell(NamedTuple):
    """A player's round: opponent (None for a bye), marker W/L/T/B/F, scores and spread.

    A named tuple, as ``GameResult``: built once per player and round on every snapshot.

    ``outcome`` is W, L or T whatever the kind (a forfeit loss is marker F, outcome L; a tie
    decided by a play-off word is marker PW or PL, outcome W or L, as the standings count it).
    """

    round: int
    opponent: int | None
    marker: str
    outcome: str
    score: int | None
    opponent_score: int | None
    spread: int
    went_first: bool | None

    @property
    def worth(self) -> float:
        """What the round adds to the wins column (1, 0.5 or 0): the standings' own reading
        (``row_win_value``), which ``outcome`` was made from; ``1 - worth`` to the losses."""
        return _WORTH_OF_OUTCOME[self.outcome]

    @property
    def label(self) -> str:
        """Short text for a crosstable cell, e.g. ``W 412–380 #7`` or ``B +50``."""
        if self.score is not None and self.opponent_score is not None:
            return f"{self.marker} {fmt_score(self.score, self.opponent_score)} #{self.opponent}"
        against = f" #{self.opponent}" if self.opponent is not None else ""
        return f"{self.marker} {fmt_spread(self.spread)}{against}"


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    """One player's cells, aligned with ``Crosstable.rounds`` (None where no result)."""

    player: int
    name: str
    cells: tuple[CrosstableCell | None, ...]


@dataclass(frozen=True, slots=True)
class Crosstable:
    """Rounds shown (sorted) and a row per player in the order the players were given."""

    rounds: tuple[int, ...]
    rows: tuple[CrosstableRow, ...]


def crosstable(
    players: Sequence[PlayerInfo],
    results: Iterable[GameResult],
    *,
    settings: StandingsSettings | None = None,
) -> Crosstable:
    """Lay ``results`` out as a crosstable; spreads of byes and forfeits follow ``settings``."""
    settings = settings or StandingsSettings()
    by_player: dict[int, dict[int, CrosstableCell]] = {p.number: {} for p in players}
    rounds: set[int] = set()
    for result in results:
        cells = by_player.get(result.player)
        if cells is None:
            raise StandingsError(UNKNOWN_PLAYER, round=result.round, player=result.player)
        rnd = result.round
        if result.kind is _PLAYED:
            cells[rnd] = _played_cell(result)
        else:
            cells[rnd] = _unplayed_cell(result, settings)
        rounds.add(rnd)
    ordered = tuple(sorted(rounds))
    rows = tuple(
        CrosstableRow(p.number, p.name, tuple(map(by_player[p.number].get, ordered)))
        for p in players
    )
    return Crosstable(ordered, rows)


_PLAYED = ResultKind.PLAYED
# A named tuple made from a tuple of all its values, without its Python-level ``__new__``.
_new = tuple.__new__


# A cell's outcome letter by what the round is worth in the standings' wins column, and back.
_OUTCOME_OF_WORTH = {1.0: WIN, 0.5: TIE, 0.0: LOSS}
_WORTH_OF_OUTCOME = {letter: worth for worth, letter in _OUTCOME_OF_WORTH.items()}


def _played_cell(result: GameResult) -> CrosstableCell:
    """A played game's cell: its outcome is what the standings count it worth
    (``row_win_value``), its marker shows a tie the play-off word decided."""
    score, against = result.score, result.opponent_score
    mine, theirs = score or 0, against or 0
    outcome = _OUTCOME_OF_WORTH[row_win_value(result)]
    marker = outcome
    if mine == theirs and result.won_playoff is not None:  # a tie the play-off word decided
        marker = PLAYOFF_WIN if result.won_playoff else PLAYOFF_LOSS
    values = (result.round, result.opponent, marker, outcome, score, against, mine - theirs)
    return _new(CrosstableCell, (*values, result.went_first))


def _unplayed_cell(result: GameResult, settings: StandingsSettings) -> CrosstableCell:
    """A bye's or forfeit's cell: what it is worth and its spread as the standings count them."""
    kind = result.kind
    marker = BYE if kind is ResultKind.BYE or kind is ResultKind.HALF_BYE else FORFEIT
    outcome = _OUTCOME_OF_WORTH[row_win_value(result)]
    spread = unplayed_spread(result, settings)
    return CrosstableCell(
        round=result.round,
        opponent=result.opponent,
        marker=marker,
        outcome=outcome,
        score=result.score,
        opponent_score=result.opponent_score,
        spread=spread,
        went_first=result.went_first,
    )
