"""QR codes on printouts: a player's personal link drawn as vector squares (``segno`` makes
the code)."""

from __future__ import annotations

import segno
from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib import colors

from ..selectors.entry_links import entry_link

QUIET_ZONE = 2  # modules of white around the code (segno's "border")


def qr_drawing(url: str, size: float) -> Drawing:
    """``url`` as a QR code ``size`` points square; each run of dark modules is one rectangle."""
    code = segno.make(url, error="m", micro=False)
    rows = list(code.matrix_iter(border=QUIET_ZONE))
    module = size / len(rows)
    drawing = Drawing(size, size)
    for y, row in enumerate(rows):
        top = size - (y + 1) * module
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            drawing.add(
                Rect(
                    start * module,
                    top,
                    (x - start) * module,
                    module,
                    fillColor=colors.black,
                    strokeColor=None,
                    strokeWidth=0,
                )
            )
    return drawing


def entry_code(site: str, tournament_slug: str, entry_id: int, size: float) -> Drawing:
    """The QR code of entry ``entry_id``'s personal link on the site at ``site``."""
    return qr_drawing(site + entry_link(tournament_slug, entry_id), size)
