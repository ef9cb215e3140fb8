"""The director's quick result line, parsed without Django, and the checks on the scores it carries.

Line forms (case-insensitive; spaces or commas between the parts):

- ``3 380 402``: table 3, the first player (who went first) scored 380, the second 402;
- ``7 380 12 402``: player 7 scored 380 and player 12 scored 402, whichever of them went first;
- ``f 12``: player 12 forfeits their game (the opponent wins by forfeit);
- ``ff 3``: double forfeit at table 3 (both players lose).

Byes are created by pairing and need no line. Errors and reasons carry an untranslated
``template`` and its ``params`` so the Django layer can translate them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.readers.numbers import WHOLE_NUMBER
from core.refusal import Note, Refusal, gettext_noop

EMPTY_LINE = gettext_noop("Type a result, e.g. “3 380 402”.")
LINE_TOO_LONG = gettext_noop("A line holds at most %(most)d characters.")
NOT_A_NUMBER = gettext_noop("“%(token)s” is not a number.")
SCORE_TOO_LOW = gettext_noop("A score cannot be under %(least)d (%(score)d).")
SCORE_TOO_HIGH = gettext_noop("A score cannot be over %(most)d (%(score)d).")
BAD_TABLE = gettext_noop("Table numbers start at 1 (got %(number)d).")
TABLE_TOO_HIGH = gettext_noop("Table numbers go up to %(most)d (got %(number)d).")
BAD_PLAYER = gettext_noop("Player numbers start at 1 (got %(number)d).")
PLAYER_TOO_HIGH = gettext_noop("Player numbers go up to %(most)d (got %(number)d).")
WRONG_SHAPE = gettext_noop(
    "Type “table score score”, “player score player score”, “f player” or “ff table”."
)
MISSING_SCORE = gettext_noop("A played game needs both scores.")
SAME_PLAYER = gettext_noop("Player %(player)d cannot play against themselves.")
LOW_SCORE = gettext_noop("A score of %(score)d is unusually low.")
HIGH_SCORE = gettext_noop("A score of %(score)d is unusually high.")
BIG_SPREAD = gettext_noop("A spread of %(spread)d is unusually large.")
SHEET_MISMATCH = gettext_noop(
    "The scoresheet says %(sheet_first)d–%(sheet_second)d, not %(first)d–%(second)d."
)

# Bounds of what can be typed at all, shared with the forms: far beyond any real game or event,
# yet small enough for the database's integer columns. A score may be negative: the rules take
# the tiles left on the racks and the overtime off the score (RULES.md), so a sheet may end at
# 1 – −24; the lowest score is as far under 0 as the highest is over it.
MAX_SCORE = 5000
MIN_SCORE = -MAX_SCORE
MAX_TABLE = 999
MAX_PLAYER_NUMBER = 9999
# A result line, as typed on the page, at the console or to ``manage.py result``: far past
# "12 380 34 402", short enough to show whole in a refusal.
MAX_LINE_LENGTH = 80

# Scores outside these bounds are possible but rare enough that a typo is likelier.
LOWEST_USUAL_SCORE = 100
HIGHEST_USUAL_SCORE = 900
LARGEST_USUAL_SPREAD = 500

_SEPARATORS = re.compile(r"[\s,;]+")


class EntryLineError(Refusal):
    """A line that cannot be a result."""


# Why a result looks unusual: an untranslated template and its parameters.
Reason = Note


@dataclass(frozen=True, slots=True)
class TableScores:
    """``table first_score second_score``: scores in the order of the pairing's sides."""

    table: int
    first_score: int
    second_score: int


@dataclass(frozen=True, slots=True)
class PlayerScores:
    """``player score opponent opponent_score``: scores named by player number."""

    player: int
    score: int
    opponent: int
    opponent_score: int


@dataclass(frozen=True, slots=True)
class Forfeit:
    """``f player``: that player forfeits their game."""

    player: int


@dataclass(frozen=True, slots=True)
class DoubleForfeit:
    """``ff table``: both players at that table forfeit."""

    table: int


EntryCommand = TableScores | PlayerScores | Forfeit | DoubleForfeit


def parse_entry_line(text: str) -> EntryCommand:
    """Read one result line; raise ``EntryLineError`` with the reason when it is not one."""
    text = text.strip()
    if len(text) > MAX_LINE_LENGTH:
        raise EntryLineError(LINE_TOO_LONG, most=MAX_LINE_LENGTH)
    tokens = [t for t in _SEPARATORS.split(text) if t]
    if not tokens:
        raise EntryLineError(EMPTY_LINE)
    keyword = tokens[0].lower()
    if keyword in {"f", "ff"}:
        return _parse_forfeit(keyword, tokens[1:])
    numbers = [_number(token) for token in tokens]
    if len(numbers) == 3:
        table, first_score, second_score = numbers
        _check_table(table)
        _check_scores(first_score, second_score)
        return TableScores(table, first_score, second_score)
    if len(numbers) == 4:
        player, score, opponent, opponent_score = numbers
        check_player(player)
        check_player(opponent)
        if player == opponent:
            raise EntryLineError(SAME_PLAYER, player=player)
        _check_scores(score, opponent_score)
        return PlayerScores(player, score, opponent, opponent_score)
    raise EntryLineError(WRONG_SHAPE)


def _parse_forfeit(keyword: str, rest: list[str]) -> Forfeit | DoubleForfeit:
    if len(rest) != 1:
        raise EntryLineError(WRONG_SHAPE)
    number = _number(rest[0])
    if keyword == "f":
        check_player(number)
        return Forfeit(number)
    _check_table(number)
    return DoubleForfeit(number)


def _number(token: str) -> int:
    # A regex first (ASCII digits, bounded), because int() also accepts "1_000", "١٥" and
    # surrounding spaces: the one rule of every typed number (core.readers.numbers).
    if not WHOLE_NUMBER.fullmatch(token):
        raise EntryLineError(NOT_A_NUMBER, token=token)
    return int(token)


def _check_table(number: int) -> None:
    _check_count(number, MAX_TABLE, BAD_TABLE, TABLE_TOO_HIGH)


def check_player(number: int) -> None:
    """A player number 1..MAX_PLAYER_NUMBER, or the refusal saying which end it missed (the
    console reads player numbers by it too)."""
    _check_count(number, MAX_PLAYER_NUMBER, BAD_PLAYER, PLAYER_TOO_HIGH)


def _check_count(number: int, most: int, under_one: str, over_most: str) -> None:
    """``number`` counts from 1 up to ``most``; outside, the refusal says which end it missed."""
    if number < 1:
        raise EntryLineError(under_one, number=number)
    if number > most:
        raise EntryLineError(over_most, number=number, most=most)


def _check_scores(*scores: int) -> None:
    for score in scores:
        for reason in _score_out_of_bounds(score):
            raise EntryLineError(reason.template, **reason.params)


def _score_out_of_bounds(score: int) -> list[Reason]:
    if score < MIN_SCORE:
        return [Reason(SCORE_TOO_LOW, {"score": score, "least": MIN_SCORE})]
    if score > MAX_SCORE:
        return [Reason(SCORE_TOO_HIGH, {"score": score, "most": MAX_SCORE})]
    return []


def impossible_scores(first_score: int | None, second_score: int | None) -> list[Reason]:
    """Reasons the scores of a played game cannot stand (missing, or out of MIN_SCORE..MAX_SCORE)."""
    if first_score is None or second_score is None:
        return [Reason(MISSING_SCORE, {})]
    return [*_score_out_of_bounds(first_score), *_score_out_of_bounds(second_score)]


def unusual_scores(
    first_score: int, second_score: int, scoresheet: tuple[int, int] | None = None
) -> list[Reason]:
    """Reasons to ask the director to confirm a played result before saving it.

    ``scoresheet`` is the (first, second) final score of a linked scoresheet, if there is one.
    """
    reasons = []
    for score in (first_score, second_score):
        if score < LOWEST_USUAL_SCORE:
            reasons.append(Reason(LOW_SCORE, {"score": score}))
        elif score > HIGHEST_USUAL_SCORE:
            reasons.append(Reason(HIGH_SCORE, {"score": score}))
    spread = abs(first_score - second_score)
    if spread > LARGEST_USUAL_SPREAD:
        reasons.append(Reason(BIG_SPREAD, {"spread": spread}))
    if scoresheet is not None and scoresheet != (first_score, second_score):
        reasons.append(
            Reason(
                SHEET_MISMATCH,
                {
                    "sheet_first": scoresheet[0],
                    "sheet_second": scoresheet[1],
                    "first": first_score,
                    "second": second_score,
                },
            )
        )
    return reasons
