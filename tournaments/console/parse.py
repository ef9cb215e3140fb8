"""A console line read into its command and arguments, without Django.

Every number is bounded here, before anything reads the database, by the rule of every typed
number (``core.readers.numbers``: ASCII digits; its bounds and its message): a round is
1..MAX_ROUND, an audit entry 1..MAX_AUDIT_ENTRY (a row's id), a player is read as the result line
reads one (``result_entry.check_player``: 1..MAX_PLAYER_NUMBER, and its messages). A word that is
not a number is a division name, a system, a report or a player's name, depending on the
command. A line that cannot be read raises
``ConsoleRefusal`` with an untranslated template, and the console changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from core.readers.numbers import MAX_ID, MAX_ROUND, NUMBER_LIKE, OUT_OF_RANGE, whole_number
from core.refusal import Note, Refusal, gettext_noop
from tournaments.results.result_entry import (
    LINE_TOO_LONG,
    EntryLineError,
    check_player,
    parse_entry_line,
)

from .words import PAIR, PLAYER, PRINT, RESULT, STANDINGS, UNDO, Word, word_named

UNKNOWN_COMMAND = gettext_noop("“%(word)s” is not a command; type “help” for the list.")
TOO_MANY = gettext_noop("Too many words after “%(word)s”; it is typed: %(usage)s")
TSH_PAIRING_NUMBERS = gettext_noop(
    "The Desk takes the repeats and the based-on round from the division's pairing plan: "
    "type only the round to pair, e.g. “%(word)s 4”."
)
HAND_PAIRING = gettext_noop(
    "Pairing two players by hand is done on the round's pairing page; here “pair” pairs a whole "
    "round: %(usage)s"
)
NO_REPORT = gettext_noop("Name the report to print, e.g. “print standings”.")
NO_PLAYER = gettext_noop("Name the player: a number or part of a name.")

MAX_AUDIT_ENTRY = MAX_ID
MAX_LINE = 500
_SEPARATORS = re.compile(r"[\s,;]+")
_LEADING = re.compile(r"^[\s,;]+")


class ConsoleRefusal(Refusal):
    """A console line that cannot be read."""


@dataclass(frozen=True, slots=True)
class Command:
    """A line read: the command, the round and division it names (None: the console's own), and
    what else it carries: a result line, a system, a report, a player, an audit entry."""

    word: Word
    round: int | None = None
    division: str | None = None
    line: str = ""
    system: str | None = None
    report: str | None = None
    player: int | None = None
    name: str = ""
    entry: int | None = None
    words: tuple[str, ...] = ()


def split(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def is_number(token: str) -> bool:
    """Whether ``token`` is meant as a number (ASCII digits, however many); else it is a name."""
    return NUMBER_LIKE.fullmatch(token) is not None


def bounded(token: str, most: int, least: int = 1) -> int:
    """``token`` as a whole number least..most, or the refusal every input gives, naming the
    bounds."""
    number = whole_number(token, least, most)
    if number is None:
        raise ConsoleRefusal(OUT_OF_RANGE, min=least, max=most)
    return number


def player_number(token: str) -> int:
    """``token`` as a player number, refused as the result line refuses one."""
    try:
        check_player(int(token))  # a line holds at most MAX_LINE characters: int() takes it
    except EntryLineError as err:
        raise ConsoleRefusal(err.template, **err.params) from err
    return int(token)


def parse_line(text: str, systems: Collection[str] = ()) -> Command | None:
    """The command typed on ``text``; None for an empty line. ``systems``: the pairing systems
    the Desk has, which ``pair`` may name."""
    if len(text) > MAX_LINE:
        raise ConsoleRefusal(LINE_TOO_LONG, most=MAX_LINE)
    tokens = split(text)
    if not tokens:
        return None
    word = word_named(tokens[0])
    if word is None:
        raise ConsoleRefusal(UNKNOWN_COMMAND, word=tokens[0])
    rest = tokens[1:]
    if word is RESULT:
        return _result(word, rest, _after_first(text, tokens[0]))
    if word is PAIR:
        return _pair(word, rest, systems)
    if word.system:
        return _system_pairing(word, rest)
    if word is PLAYER:
        return _player(word, rest)
    if word is UNDO:
        return _undo(word, rest)
    if word is PRINT:
        return _print(word, rest)
    if word.name in ("division", "help"):
        return _one_name(word, rest)
    if word.name == "quit":
        _at_most(word, rest, 0)
        return Command(word)
    return _round_division(word, rest)


def _at_most(word: Word, rest: list[str], count: int) -> None:
    if len(rest) > count:
        raise ConsoleRefusal(TOO_MANY, word=word.name, usage=usage_of(word))


def usage_of(word: Word) -> Note:
    """The word's argument form, translated when shown (a pairing word's names the word)."""
    return Note(word.usage, {"word": word.spellings[-1]} if word.system else {})


def _round_division(word: Word, rest: list[str]) -> Command:
    """``[ROUND] [DIVISION]`` in either order."""
    numbers = [t for t in rest if is_number(t)]
    names = [t for t in rest if not is_number(t)]
    if len(numbers) > 1 or len(names) > 1:
        raise ConsoleRefusal(TOO_MANY, word=word.name, usage=usage_of(word))
    # Standings after round 0 are the starting order, as ``manage.py standings --after-round 0``.
    least = 0 if word is STANDINGS else 1
    number = bounded(numbers[0], MAX_ROUND, least) if numbers else None
    return Command(word, round=number, division=names[0] if names else None)


def _after_first(text: str, first: str) -> str:
    """What was typed after the line's first word, as typed (its length is the line's)."""
    text = _LEADING.sub("", text)
    return text[len(first) :].strip()


def _result(word: Word, rest: list[str], typed: str) -> Command:
    """``a LINE`` (three or more parts, two numbers, or a forfeit) is one result, read here as
    the result entry page reads it (``parse_entry_line``: refused with the page's reason); else
    ``a [ROUND] [DIV]`` opens the results prompt, as TSH's ``a 3 d`` does."""
    numbers = [t for t in rest if is_number(t)]
    if len(rest) >= 3 or len(numbers) >= 2 or (rest and rest[0].lower() in ("f", "ff")):
        line = typed
        try:
            parse_entry_line(line)
        except EntryLineError as err:
            raise ConsoleRefusal(err.template, **err.params) from err
        return Command(word, line=line)
    return _round_division(word, rest)


def _pair(word: Word, rest: list[str], systems: Collection[str]) -> Command:
    numbers = [t for t in rest if is_number(t)]
    if len(numbers) > 1:
        raise ConsoleRefusal(HAND_PAIRING, usage=usage_of(PAIR))
    names = [t.lower() for t in rest if not is_number(t)]
    chosen = [n for n in names if n in systems]
    others = [t for t in rest if not is_number(t) and t.lower() not in systems]
    if len(chosen) > 1 or len(others) > 1:
        raise ConsoleRefusal(TOO_MANY, word=word.name, usage=usage_of(PAIR))
    return Command(
        word,
        round=bounded(numbers[0], MAX_ROUND) if numbers else None,
        division=others[0] if others else None,
        system=chosen[0] if chosen else None,
    )


def _system_pairing(word: Word, rest: list[str]) -> Command:
    if len([t for t in rest if is_number(t)]) > 1:
        raise ConsoleRefusal(TSH_PAIRING_NUMBERS, word=word.spellings[-1])
    found = _round_division(word, rest)
    return Command(word, round=found.round, division=found.division, system=word.system)


def _player(word: Word, rest: list[str]) -> Command:
    if not rest:
        raise ConsoleRefusal(NO_PLAYER)
    if is_number(rest[0]) and len(rest) <= 2:  # TSH's "sc 12" or "sc 12 B"
        number = player_number(rest[0])
        return Command(word, player=number, division=rest[1] if len(rest) == 2 else None)
    return Command(word, name=" ".join(rest))


def _undo(word: Word, rest: list[str]) -> Command:
    _at_most(word, rest, 1)
    if not rest:
        return Command(word)
    return Command(word, entry=bounded(rest[0], MAX_AUDIT_ENTRY))


def _print(word: Word, rest: list[str]) -> Command:
    if not rest or is_number(rest[0]):
        raise ConsoleRefusal(NO_REPORT)
    found = _round_division(word, rest[1:])
    return Command(word, round=found.round, division=found.division, report=rest[0].lower())


def _one_name(word: Word, rest: list[str]) -> Command:
    _at_most(word, rest, 1)
    return Command(word, words=tuple(rest))
