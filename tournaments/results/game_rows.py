"""A division's pairings as the standings core's ``GameResult`` rows (one per player per round).

What a pairing means for each player is decided in ``tournaments.results.outcomes``; ``game_results``
only turns those outcomes into standings rows. ``pairing_rows_results`` does the same for the
plain ``PairingRow`` tuples the polled pages read, with the common case (a played game with both
scores in and no play-off) written out in one loop: a 400-player, 31-round division is 6,200 such
games on every snapshot build, and the outcome is exactly what ``game_results`` gives
(tests/tournaments/results/test_game_rows.py holds them equal).

A late entry's starting record becomes round-0 rows (whole wins as byes, half a win as a half bye,
losses as forfeit losses, the starting spread on the first row) because the standings core has no
starting record of its own; round-0 rows never reach the crosstable.
"""

from __future__ import annotations

from collections.abc import Iterable

from .outcomes import PLAYED, Outcome, Spreads, pairing_outcomes, won_playoff
from .standings import GameResult, ResultKind

_PLAYED = ResultKind.PLAYED
_RESULT_KIND = {
    Outcome.WIN: ResultKind.PLAYED,
    Outcome.LOSS: ResultKind.PLAYED,
    Outcome.TIE: ResultKind.PLAYED,
    Outcome.BYE: ResultKind.BYE,
    Outcome.HALF_BYE: ResultKind.HALF_BYE,
    Outcome.FORFEIT_WIN: ResultKind.FORFEIT_WIN,
    Outcome.FORFEIT_LOSS: ResultKind.FORFEIT_LOSS,
    Outcome.DOUBLE_FORFEIT: ResultKind.DOUBLE_FORFEIT,
}
# ``went_first`` of each side by ``sides_known``.
_FIRST, _SECOND = {True: True, False: None}, {True: False, False: None}
# A named tuple built from one tuple of its values without its Python-level ``__new__``.
_new = tuple.__new__


def game_results(rnd: int, pairing, number: dict[int, int], spreads: Spreads) -> list[GameResult]:
    """The standings rows of a pairing (model or row) of round ``rnd``; entry ids -> numbers.

    No rows while a game is unreported. Unplayed rounds carry their spread, so the standings and
    the crosstable count exactly what the TSH and rating exports write.
    """
    results = []
    for side in pairing_outcomes(pairing, spreads):
        kind = _RESULT_KIND[side.outcome]
        opponent = side.opponent
        results.append(
            GameResult(
                rnd,
                number[side.player],
                None if opponent is None else number[opponent],
                side.points_for,
                side.points_against,
                kind,
                side.went_first,
                None if kind is _PLAYED else side.spread,
                won_playoff(side),
            )
        )
    return results


def pairing_rows_results(
    pairings: Iterable[tuple], number: dict[int, int], spreads: Spreads
) -> list[GameResult]:
    """``game_results`` of every ``PairingRow`` (plain tuples in its field order), in order."""
    results: list[GameResult] = []
    add = results.append
    for row in pairings:
        _, rnd, _, first, second, kind, known, score, against, forfeiter = row[:10]
        if (
            kind == PLAYED
            and second is not None
            and forfeiter is None
            and score is not None
            and against is not None
            and (score != against or row[10] is None)
        ):
            mine, theirs = number[first], number[second]
            add(
                _new(
                    GameResult,
                    (rnd, mine, theirs, score, against, _PLAYED, _FIRST[known], None, None),
                )
            )
            add(
                _new(
                    GameResult,
                    (rnd, theirs, mine, against, score, _PLAYED, _SECOND[known], None, None),
                )
            )
        else:
            results += game_results(rnd, row, number, spreads)
    return results


def starting_results(entry) -> list[GameResult]:
    """Round-0 rows standing for a late entry's starting record (see the module docstring)."""
    if not entry.starting_wins and not entry.starting_losses:
        return []  # nearly every entry: no starting record
    wins, losses = float(entry.starting_wins), float(entry.starting_losses)
    rows: list[GameResult] = []
    half = wins - int(wins) >= 0.5
    rows += [GameResult(0, entry.number, None, None, None, ResultKind.BYE, spread=0)] * int(wins)
    if half:
        rows.append(GameResult(0, entry.number, None, None, None, ResultKind.HALF_BYE, spread=0))
        losses -= 0.5
    loss = GameResult(0, entry.number, None, None, None, ResultKind.FORFEIT_LOSS, spread=0)
    rows += [loss] * max(0, int(losses))
    if rows and entry.starting_spread:
        first = rows[0]
        rows[0] = GameResult(
            0, first.player, None, None, None, first.kind, spread=entry.starting_spread
        )
    return rows
