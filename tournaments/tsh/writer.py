"""Write a ``TshDivision`` back as ``.t`` text, in the layout TSH itself writes."""

from __future__ import annotations

import re

from tournaments.tsh.division import TshDivision, TshPlayer

# TSH pads names to this width so ratings line up in a text editor.
NAME_WIDTH = 23
# A name must not carry TSH's field separator, nor a bare number TSH would read as a rating.
_UNSAFE = re.compile(r"[;#\r\n]")
_NUMBER_TOKEN = re.compile(r"(?<!\S)(\d+)(?!\S)")


def tsh_name(name: str) -> str:
    """A name TSH reads back unchanged in meaning: no ';' or '#', no bare number tokens."""
    cleaned = _UNSAFE.sub(" ", name).strip()
    return _NUMBER_TOKEN.sub(r"No.\1", cleaned) or "?"


def write_t(division: TshDivision) -> str:
    """The ``.t`` text of ``division``; ``read_t(write_t(d).encode()) == d`` for any valid d."""
    return "".join(player_line(player) + "\n" for player in division.players)


def player_line(player: TshPlayer) -> str:
    """One player's line: name, rating and opponents; scores; then each tag in stored order."""
    head = " ".join([player.rating, *map(str, player.opponents)])
    parts = [f"{player.name:<{NAME_WIDTH}} {head}", " ".join(map(str, player.scores))]
    parts.extend(" ".join([tag, *values]) for tag, values in player.tags)
    return "; ".join(parts)
