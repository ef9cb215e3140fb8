"""A division's pairings as the standings core's ``GameResult`` rows (one per player per round).

What a pairing means for each player is decided in ``tournaments.results.outcomes``; ``game_results``
only turns those outcomes into standings rows. ``pairing_rows_results`` does the same for the
plain ``PairingRow`` tuples the polled pages read, with the common case (a played game with both
scores in and no play-off) written out in one loop: a 400-player, 31-round division is 6,200 such
games on every snapshot build, and the outcome is exactly what ``game_results`` gives
(tests/tournaments/results/test_game_rows.py holds them equal).

A late entry's starting result becomes ``starting_rows``: the standings core has no starting record
of its own, so each share the files write (``records.entry_records``: one ``STARTING`` record a
missed round the division has paired) is a row of that round, a bye, half bye or forfeit loss
(``records.starting_as``) with the share's spread. The site counts the starting result share by
share as its rounds are paired, as TSH counts a late player's missed rounds entered one by one;
the rows never reach the crosstable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .outcomes import PLAYED, Outcome, Spreads, pairing_outcomes, won_playoff
from .records import Record, by_round, entry_facts, entry_records, starting_as
from .standings import GameResult, ResultKind, row_win_value

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


# The unplayed round a starting share is written as (``records.starting_as``), as a row.
_STARTING_KIND = {
    Record.BYE: ResultKind.BYE,
    Record.HALF_BYE: ResultKind.HALF_BYE,
    Record.FORFEIT_LOST: ResultKind.FORFEIT_LOSS,
}


def starting_rows(
    entries: Iterable, pairings: Sequence, round_of: Callable[[object], int], spreads: Spreads
) -> list[GameResult]:
    """The starting results of the late ``entries`` (each with ``pk``, ``number`` and what
    ``records.entry_facts`` reads) as the files write them: a row for each ``STARTING`` record
    of the division's paired rounds (``pairings``, every one of the division;
    ``round_of(pairing)``: its round number), in that round, carrying its share."""
    late = [e for e in entries if e.starting_wins or e.starting_losses]
    if not late:
        return []  # nearly every division: no starting record
    mine = by_round(pairings, round_of)
    last = max(map(round_of, pairings), default=0)
    rows: list[GameResult] = []
    for entry in late:
        records = entry_records(entry_facts(entry), mine.get(entry.pk, {}), last, spreads)
        for share in records:
            if share.record is Record.STARTING:
                kind = _STARTING_KIND[starting_as(share)]
                rows.append(
                    GameResult(
                        share.round, entry.number, None, None, None, kind, None, share.spread
                    )
                )
    return rows


def starting_through(rows: Iterable[GameResult], number: int) -> tuple[float, float, int]:
    """The wins, losses and spread of the starting ``rows`` (``starting_rows``, one player's)
    of rounds up to ``number``: what a running record adds for them, as the standings count."""
    wins = losses = 0.0
    spread = 0
    for row in rows:
        if row.round <= number:
            value = row_win_value(row)
            wins, losses, spread = wins + value, losses + 1.0 - value, spread + row.spread
    return wins, losses, spread
