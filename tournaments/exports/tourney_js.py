"""TSH's ``tourney.js``: ``newt=`` and one JSON object, as the liwords broadcast reader takes it.

Written (FORMATS.md (a)): ``newt=`` with no space, compact JSON, ``;`` and a newline. Every
division in the given order; each player ``id`` (the line number), ``name``, ``rating``,
``pairings`` (an opponent per round paired, 0 for none), ``scores`` (entered so far: it stops
at the player's first game still waiting for scores, never a 0 for it) and ``etc`` with
``board``, ``p12`` and, for a withdrawn player, ``off``. A bye is 0 and +spread, a forfeit 0
and -/+spread, a round not played (a late entry, after a withdrawal) 0 and 0. Every number is
an integer literal.

Where FORMATS.md is silent: ``config`` holds ``event_name`` and ``max_rounds`` only; ``maxr`` is
the planned rounds less one (at least the rounds paired); a withdrawn player's rounds after the
withdrawal are 0 and 0 as our standings count them (TSH itself would give -50 each); sides not
known are p12 4 (TSH's 'undecided').

Escaping: the text is JSON inside JavaScript that may be inlined in a page, so ``<``, ``>``,
``&``, U+2028 and U+2029 are written as ``\\uXXXX``; and since the reader replaces every
``undefined`` in the file by ``null``, even in strings, the first letter of that word (any
case) is written as ``\\u0075``/``\\u0055``: the string reads back unchanged.
"""

from __future__ import annotations

import json
import re

from .model import Cell, CellKind, ExportDivision, ExportEvent, ExportPlayer

_ESCAPES = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}
_UNSAFE = re.compile("[<>&\u2028\u2029]")
_UNDEFINED = re.compile(r"([uU])(?=[nN][dD][eE][fF][iI][nN][eE][dD])")


def tourney_js(event: ExportEvent) -> str:
    """The whole ``tourney.js`` text of ``event``."""
    rounds = max((d.rounds for d in event.divisions), default=0)
    data = {
        "config": {"event_name": event.name, "max_rounds": rounds},
        "divisions": [_division(d) for d in event.divisions],
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return "newt=" + escape_js(text) + ";\n"


def escape_js(text: str) -> str:
    """JSON text made safe inside a script and against the reader's ``undefined`` rule."""
    text = _UNSAFE.sub(lambda m: _ESCAPES[m.group()], text)
    return _UNDEFINED.sub(lambda m: f"\\u{ord(m.group(1)):04x}", text)


def _division(division: ExportDivision) -> dict:
    maxr = max(division.rounds, division.rounds_paired, 1) - 1
    return {
        "name": division.name,
        "maxr": maxr,
        "players": [None, *(_player(p, division.forfeit_spread) for p in division.players)],
    }


def _player(player: ExportPlayer, forfeit: int) -> dict:
    etc: dict[str, list[int]] = {
        "board": [int(c.board) for c in player.cells],
        "p12": [int(c.p12) for c in player.cells],
    }
    if player.withdrawn:
        etc["off"] = [-int(forfeit)]
    return {
        "id": int(player.number),
        "name": player.name,
        "rating": int(player.rating),
        "pairings": [int(c.opponent) for c in player.cells],
        "scores": entered_scores(player.cells),
        "etc": etc,
    }


def entered_scores(cells: tuple[Cell, ...]) -> list[int]:
    """Each round's score up to the first game still waiting for its scores."""
    scores = []
    for cell in cells:
        if cell.kind is CellKind.PENDING or cell.score is None:
            break
        scores.append(int(cell.score))
    return scores
