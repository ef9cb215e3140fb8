"""Write a ``TshDivision`` back as ``.t`` text, in the layout TSH itself writes."""

from __future__ import annotations

import re

from tournaments.results.formatting import display_width
from tournaments.tsh import messages as m
from tournaments.tsh.division import TshDivision, TshPlayer
from tournaments.tsh.messages import TshError, TshProblem

# TSH pads names to this width so ratings line up in a text editor.
NAME_WIDTH = 23
# A word TSH would take for the rating that ends the name.
_NUMBER_WORD = re.compile(r"\d+(?:\+\d+)*", re.ASCII)
# A name must not carry TSH's field separator, nor a bare number TSH would read as a rating,
# nor a control character or anything else a reader splits lines at (U+2028/2029, NEL).
_UNSAFE = re.compile("[;#\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]")
_NUMBER_TOKEN = re.compile(r"(?<!\S)(\d+(?:\+\d+)*)(?!\S)", re.ASCII)


def tsh_name(name: str) -> str:
    """The name as the exports write it: ';', '#' and control characters become spaces and a
    bare number ``N``
    becomes ``No.N``, so TSH reads it back as a name (``write_t`` refuses the raw forms)."""
    cleaned = _UNSAFE.sub(" ", name).strip()
    return _NUMBER_TOKEN.sub(r"No.\1", cleaned) or "?"


def write_t(division: TshDivision) -> str:
    """The ``.t`` text of ``division``; ``read_t(write_t(d).encode()) == d`` for any valid d.

    Raises ``TshError`` naming every player whose name the format cannot carry, rather than
    writing a file that reads back differently.
    """
    problems = [p for player in division.players for p in name_problems(player)]
    if problems:
        raise TshError(problems)
    return "".join(player_line(player) + "\n" for player in division.players)


def name_problems(player: TshPlayer) -> list[TshProblem]:
    """Why ``player``'s name would not survive a .t file (none: it would)."""
    params = {"number": player.number, "name": player.name}
    words = player.name.split()
    if not words:
        return [TshProblem(player.number, m.NAME_EMPTY, params)]
    if ";" in player.name or "\n" in player.name or player.name.lstrip().startswith("#"):
        return [TshProblem(player.number, m.NAME_WITH_SEMICOLON, params)]
    if any(_NUMBER_WORD.fullmatch(word) for word in words):
        return [TshProblem(player.number, m.NAME_WITH_NUMBER, params)]
    return []


def player_line(player: TshPlayer) -> str:
    """One player's line: name, rating and opponents; scores; then each tag in stored order."""
    head = " ".join([player.rating, *map(str, player.opponents)])
    # Padded by display width, so a CJK name lines up with the others in a fixed-width font.
    pad = " " * max(0, NAME_WIDTH - display_width(player.name))
    parts = [f"{player.name}{pad} {head}", " ".join(map(str, player.scores))]
    parts.extend(" ".join([tag, *values]) for tag, values in player.tags)
    return "; ".join(parts)
