"""Write a ``TshDivision`` back as ``.t`` text, in the layout TSH itself writes."""

from __future__ import annotations

from tournaments.tsh.division import TshDivision, TshPlayer

# TSH pads names to this width so ratings line up in a text editor.
NAME_WIDTH = 23


def write_t(division: TshDivision) -> str:
    """The ``.t`` text of ``division``; ``read_t(write_t(d).encode()) == d`` for any valid d."""
    return "".join(player_line(player) + "\n" for player in division.players)


def player_line(player: TshPlayer) -> str:
    """One player's line: name, rating and opponents; scores; then each tag in stored order."""
    head = " ".join([player.rating, *map(str, player.opponents)])
    parts = [f"{player.name:<{NAME_WIDTH}} {head}", " ".join(map(str, player.scores))]
    parts.extend(" ".join([tag, *values]) for tag, values in player.tags)
    return "; ".join(parts)
