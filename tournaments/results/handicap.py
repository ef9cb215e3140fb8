"""Handicap scores for handicap prizes, as Thai events pay them (pure).

A player's handicap score is

    base(grade) + per_win x wins + per_tie x ties, with every win of a *perfect day* worth
    per_win x day_multiplier instead of per_win.

- ``base``: the division maps each grade (a short text on the entry, such as ``A`` or ``ม.1``)
  to base points; a grade missing from the map, or no grade, has base 0.
- wins and ties are read from the same rows the standings count, with the standings' values:
  a win is a row worth a whole win (a played win, a tied game won on the play-off word, a bye,
  a forfeit win, a starting-record win of a late entry); a tie is a row worth half (a tied game
  without a play-off, a half bye). Losses and double forfeits are worth nothing.
- a day is a list of rounds (the division's "days" setting, or the rounds started on the same
  date); a player has a perfect day when they have a result in every round of that day and
  every one is a whole win. A day not yet fully played is not perfect (yet). Rounds that are
  in no day (round 0: a late entry's starting record) count at the plain per-win rate.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from .standings import GameResult, row_win_value

# What a row is worth: the standings' own reading (``standings.row_win_value``), so a handicap
# counts the same wins and ties as the standings beside it.
win_value = row_win_value


@dataclass(frozen=True, slots=True)
class HandicapRules:
    """The division's handicap rules (see the module docstring)."""

    bases: Mapping[str, Decimal] = field(default_factory=dict)
    per_win: Decimal = Decimal(0)
    per_tie: Decimal = Decimal(0)
    day_multiplier: Decimal = Decimal(1)
    days: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class HandicapScore:
    """A player's handicap score and how it is made up."""

    player: int
    grade: str
    base: Decimal
    wins: int
    ties: int
    perfect_days: tuple[int, ...]  # day numbers (1 = the first day) won outright
    day_wins: int  # wins on perfect days (paid at the multiplied rate)
    total: Decimal


def perfect_days(rows: Sequence[GameResult], days: Sequence[Sequence[int]]) -> list[int]:
    """The days (numbered from 1) on which ``rows`` (one player's) won every round."""
    value_of = {row.round: win_value(row) for row in rows}
    found = []
    for number, rounds in enumerate(days, start=1):
        if rounds and all(value_of.get(r) == 1.0 for r in rounds):
            found.append(number)
    return found


def handicap_score(
    player: int, grade: str, rows: Sequence[GameResult], rules: HandicapRules
) -> HandicapScore:
    """The handicap score of ``player`` (grade ``grade``) from their own result rows."""
    values = [win_value(row) for row in rows]
    wins = sum(1 for v in values if v == 1.0)
    ties = sum(1 for v in values if v == 0.5)
    perfect = perfect_days(rows, rules.days)
    day_wins = sum(len(rules.days[number - 1]) for number in perfect)
    base = rules.bases.get(grade.strip(), Decimal(0)) if grade else Decimal(0)
    total = (
        base
        + rules.per_win * (wins - day_wins)
        + rules.per_win * rules.day_multiplier * day_wins
        + rules.per_tie * ties
    )
    return HandicapScore(player, grade, base, wins, ties, tuple(perfect), day_wins, total)


def grades_set(grades: Mapping[int, str], rules: HandicapRules) -> bool:
    """Whether handicap scores can tell players apart by grade: some entry's grade has base
    points. Until then a handicap prize is not given (everyone would tie at the same score)."""
    return any(grade in rules.bases for grade in grades.values() if grade)


def handicap_scores(
    grades: Mapping[int, str], results: Iterable[GameResult], rules: HandicapRules
) -> dict[int, HandicapScore]:
    """Every player's handicap score (``grades``: player number -> grade, every player)."""
    rows_of: dict[int, list[GameResult]] = {player: [] for player in grades}
    for row in results:
        if row.player in rows_of:
            rows_of[row.player].append(row)
    return {
        player: handicap_score(player, grades[player], rows, rules)
        for player, rows in rows_of.items()
    }


def days_by_date(started: Mapping[int, object]) -> tuple[tuple[int, ...], ...]:
    """Rounds grouped by the date they started on (``started``: round -> a date, or None for
    a round not started: in no day), days in date order, rounds in order."""
    by_date: dict[object, list[int]] = {}
    for number, day in sorted(started.items()):
        if day is not None:
            by_date.setdefault(day, []).append(number)
    return tuple(tuple(by_date[day]) for day in sorted(by_date))
