"""The board as a server-rendered SVG: premium squares, tiles with their values, blanks marked.

Built as text rather than with a drawing library: it is a grid of rectangles and letters, and the
same string is served as ``board.svg`` and inlined in the pages (so htmx swaps redraw it). Every
piece of text goes through Django's ``escape``, which also escapes quotes, so a player's name in
the title cannot close the ``aria-label`` attribute; the result is marked safe here, once, so the
templates need no ``|safe``.
"""

from collections.abc import Iterable

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .engine.board import CENTRE, COLUMNS, SIZE, Board, Placement, Premium
from .engine.tiles import tile_value

CELL = 32
MARGIN = 20
_PREMIUM_CLASS = {
    Premium.TW: "premium-tw",
    Premium.DW: "premium-dw",
    Premium.TL: "premium-tl",
    Premium.DL: "premium-dl",
}
_PREMIUM_FILL = {
    Premium.TW: "#d9534f",
    Premium.DW: "#f4b6b0",
    Premium.TL: "#3f7fbf",
    Premium.DL: "#b5d3ee",
    Premium.NONE: "#e9e4d4",
}
_STYLE = (
    ".tile rect{fill:#f6d58e;stroke:#8a6d2b}"
    ".tile.new rect{fill:#ffe9a8;stroke:#c0392b;stroke-width:2}"
    ".tile text{font:600 18px system-ui,sans-serif;fill:#1d2330}"
    ".tile.blank text.letter{fill:#8e44ad;font-style:italic}"
    ".tile .value{font:10px system-ui,sans-serif}"
    ".label{font:10px system-ui,sans-serif;fill:#5b6475}"
    ".premium text{font:9px system-ui,sans-serif;fill:#1d2330}"
)


def _premium_labels() -> dict[Premium, str]:
    return {
        Premium.TW: _("3W"),
        Premium.DW: _("2W"),
        Premium.TL: _("3L"),
        Premium.DL: _("2L"),
    }


def board_svg(board: Board, *, placed: Iterable[Placement] = (), title: str = "") -> SafeString:
    """The SVG markup of ``board``; ``placed`` tiles (the latest play) are outlined."""
    fresh = {(p.row, p.col) for p in placed}
    labels = _premium_labels()
    size = MARGIN + SIZE * CELL + 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{escape(title or _("Board"))}">',
        f"<style>{_STYLE}</style>",
    ]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    for i in range(SIZE):
        x = MARGIN + i * CELL + CELL // 2
        parts.append(f'<text class="label" x="{x}" y="14" text-anchor="middle">{COLUMNS[i]}</text>')
        y = MARGIN + i * CELL + CELL // 2 + 4
        parts.append(f'<text class="label" x="10" y="{y}" text-anchor="middle">{i + 1}</text>')
    for row in range(SIZE):
        for col in range(SIZE):
            parts.append(_square(board, row, col, (row, col) in fresh, labels))
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every text and attribute above is escaped


def _square(board: Board, row: int, col: int, fresh: bool, labels: dict[Premium, str]) -> str:
    x, y = MARGIN + col * CELL, MARGIN + row * CELL
    letter = board.get(row, col)
    name = f"{COLUMNS[col]}{row + 1}"
    if letter is None:
        premium = board.premium(row, col)
        css = _PREMIUM_CLASS.get(premium, "plain")
        label = "★" if (row, col) == CENTRE else labels.get(premium, "")
        text = ""
        if label:
            text = (
                f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 3}" text-anchor="middle">'
                f"{escape(label)}</text>"
            )
        return (
            f'<g class="premium {css}" data-square="{name}"><rect x="{x}" y="{y}" '
            f'width="{CELL}" height="{CELL}" fill="{_PREMIUM_FILL[premium]}" '
            f'stroke="#fff"/>{text}</g>'
        )
    blank = letter.islower()
    css = "tile" + (" blank" if blank else "") + (" new" if fresh else "")
    value = "" if blank else str(tile_value(letter))
    mark = (
        f'<circle cx="{x + CELL - 7}" cy="{y + 7}" r="3" fill="#8e44ad"/>'
        if blank
        else f'<text class="value" x="{x + CELL - 4}" y="{y + CELL - 4}" text-anchor="end">'
        f"{value}</text>"
    )
    return (
        f'<g class="{css}" data-square="{name}"><rect x="{x + 1}" y="{y + 1}" '
        f'width="{CELL - 2}" height="{CELL - 2}" rx="3"/>'
        f'<text class="letter" x="{x + CELL / 2}" y="{y + CELL / 2 + 6}" '
        f'text-anchor="middle">{escape(letter.upper())}</text>{mark}</g>'
    )
