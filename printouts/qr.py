"""QR codes on printouts: a player's personal link drawn as vector squares (``segno`` makes the
code; each run of dark modules in a row is one rectangle of a single filled path, which keeps a
few hundred codes quick to draw and small in the file)."""

from __future__ import annotations

import segno
from reportlab.lib import colors
from reportlab.platypus import Flowable

from tournaments.selectors.entry_links import entry_link, short_path

QUIET_ZONE = 2  # modules of white around the code (segno's "border")


def dark_runs(url: str) -> tuple[int, list[tuple[int, int, int]]]:
    """``url``'s QR code as its width in modules and its dark runs: (row, first column, length)."""
    code = segno.make(url, error="m", micro=False)
    rows = list(code.matrix_iter(border=QUIET_ZONE))
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            runs.append((y, start, x - start))
    return len(rows), runs


class QrCode(Flowable):
    """A QR code ``size`` points square."""

    def __init__(self, url: str, size: float) -> None:
        super().__init__()
        self.url = url
        self.size = size
        self.modules, self.runs = dark_runs(url)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        module = self.size / self.modules
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(colors.black)
        path = canvas.beginPath()
        for y, x, length in self.runs:
            path.rect(x * module, self.size - (y + 1) * module, length * module, module)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.restoreState()


def qr_drawing(url: str, size: float) -> QrCode:
    """``url`` as a QR code ``size`` points square."""
    return QrCode(url, size)


def entry_code(
    site: str, tournament_slug: str, entry_id: int, size: float, generation: int = 0
) -> QrCode:
    """The QR code of entry ``entry_id``'s personal link (of link generation ``generation``)
    on the site at ``site``."""
    return qr_drawing(site + entry_link(tournament_slug, entry_id, generation), size)


def short_address(site: str, entry_id: int, generation: int = 0) -> str:
    """The address a person can type instead of scanning (issue 33): the site without its
    scheme and the entry's short code, e.g. ``desk.example.org/p/1B-7K3M-Q9XB/``."""
    return site.split("://", 1)[-1].rstrip("/") + short_path(entry_id, generation)
