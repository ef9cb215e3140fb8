"""Tables that fit the printable width: column widths from the frame, long names wrapped.

A report describes its columns (``Column``): a fixed column is as wide as its widest text, a
flexible one (a name) shares what is left by its ``flex`` weight and wraps what does not fit.
``fit_columns`` steps the font size down until the fixed columns and the flexible columns'
minimums fit the frame, so a wide table prints smaller rather than into the margin. The widths
it returns always add up to the frame width at most.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Table

from . import fonts, thai
from .layout import MARGIN, Cells, grid_style, page_size

# reportlab's Table pads each cell 6 points left and right; a point more keeps rounding safe.
PADDING = 2 * 6 + 1
SMALLEST = 6.0


def frame_width(*, wide: bool = False) -> float:
    """The printable width of a page of ``layout.render`` (landscape when ``wide``)."""
    return page_size(wide=wide)[0] - 2 * MARGIN


@dataclass(frozen=True)
class Column:
    """One column: its header, the texts it will hold (fixed columns are measured by them),
    and for a flexible column its weight and narrowest width."""

    header: str
    texts: Iterable[object] = ()
    flex: float = 0.0
    narrowest: float = 25 * mm


@dataclass(frozen=True)
class Fit:
    """Column widths (points) and the font size the table is set in."""

    widths: tuple[float, ...]
    font_size: float

    @property
    def width(self) -> float:
        return sum(self.widths)


def text_width(text: object, size: float) -> float:
    """The width of the widest line of ``text`` in bold (bold: never too narrow): Noto Sans, Thai
    in Noto Sans Thai, and a full em for each Chinese or Japanese character (they are square;
    measured in Noto Sans, which has no glyph for them, a header such as 等級分 came out half as
    wide as it prints and wrapped a character a line)."""
    fonts.register_base_fonts()
    return max((_line_width(line, size) for line in str(text).split("\n")), default=0)


def _line_width(line: str, size: float) -> float:
    if line.isascii():
        return stringWidth(line, fonts.SANS_BOLD, size)
    width = 0.0
    for face, run in fonts.runs(line):
        if face == "cjk":
            width += size * len(run)
        else:
            width += stringWidth(run, fonts.THAI_BOLD if face == "thai" else fonts.SANS_BOLD, size)
    return width


def _header_width(header: str, size: float) -> float:
    """A header wraps between words, so its longest word is what it needs."""
    return max((text_width(word, size) for word in header.split()), default=0)


def fit_columns(
    columns: Sequence[Column],
    frame: float,
    *,
    font_size: float = 9,
    smallest: float = SMALLEST,
    padding: float = PADDING,
) -> Fit:
    """Widths for ``columns`` within ``frame`` points, at ``font_size`` or the largest size
    down to ``smallest`` at which they fit (a point at a time); ``padding``: a cell's left and
    right padding and a point (a table with narrower padding sets its own)."""
    texts = [list(column.texts) for column in columns]
    size = font_size
    while True:
        fixed = [
            max([_header_width(c.header, size), *(text_width(t, size) for t in ts)]) + padding
            if not c.flex
            else 0.0
            for c, ts in zip(columns, texts, strict=True)
        ]
        least = [c.narrowest * size / font_size if c.flex else 0.0 for c in columns]
        if sum(fixed) + sum(least) <= frame or size - 1 < smallest:
            return Fit(_share(columns, fixed, least, frame), size)
        size -= 1


def _share(
    columns: Sequence[Column], fixed: list[float], least: list[float], frame: float
) -> tuple[float, ...]:
    """Fixed widths as measured, the rest of ``frame`` to the flexible columns by weight; all
    scaled down together when even the smallest font does not fit."""
    left = frame - sum(fixed)
    weights = sum(c.flex for c in columns)
    if weights and left >= sum(least):
        widths = [
            fixed[i] if not c.flex else left * c.flex / weights for i, c in enumerate(columns)
        ]
    else:
        natural = [f + m for f, m in zip(fixed, least, strict=True)]
        scale = min(1.0, frame / sum(natural)) if sum(natural) else 1.0
        widths = [width * scale for width in natural]
    # Down to a hundredth of a point, so that float sums never pass the frame.
    return tuple(math.floor(width * 100) / 100 for width in widths)


def cell_style(base: ParagraphStyle, size: float) -> ParagraphStyle:
    """``base`` at ``size`` points (for the wrapped cells of a table set at that size).

    No space shrinkage: reportlab would otherwise let a line run up to 5% of its spaces past
    the column and draw it unshrunk, beyond the margin."""
    return ParagraphStyle(
        f"{base.name}-{size:g}", base, fontSize=size, leading=size * 1.2, spaceShrinkage=0
    )


def restyled(cells: Cells, size: float) -> Cells:
    """``cells`` with the same fonts, making its paragraphs at ``size`` points."""
    other = copy.copy(cells)
    other.style = cell_style(cells.style, size)
    other._cache = {}
    return other


def wrapped(cells: Cells, text: str, width: float, *, bold: bool = False, padding: float = PADDING):
    """``text`` as a cell of a column ``width`` points wide: a plain string when it fits on one
    line, else a paragraph in ``cells.style`` that wraps within the column."""
    if cells.fonts.needs_markup(text):
        return cells(text, bold=bold)  # a paragraph already
    if text_width(text, cells.style.fontSize) + padding <= width:
        return text
    return cells(text, bold=bold, style=cells.style)


def header_cells(
    headers: Sequence[str], fit: Fit, style: ParagraphStyle, *, padding: float = PADDING
) -> list:
    """Header texts, as paragraphs (bold, wrapping) where a text is wider than its column."""
    row: list = []
    for header, width in zip(headers, fit.widths, strict=True):
        if text_width(header, fit.font_size) + padding <= width:
            row.append(header)
            continue
        # A Thai, Chinese or Japanese header names its own faces (Noto Sans Bold has no glyphs).
        found = fonts.font_set([header])
        if found.needs_markup(header):
            row.append(thai.paragraph(found, header, style, bold=True))
        else:
            row.append(Paragraph(f"<b>{escape(header)}</b>", style))
    return row


def fitted_table(
    lines: list[list],
    columns: Sequence[Column],
    cells: Cells,
    *,
    frame: float | None = None,
    smallest: float = SMALLEST,
    header: bool = True,
    align: tuple[int, str] | None = None,
) -> Table:
    """``lines`` in a table of ``columns`` fitted to ``frame`` (default: the portrait page):
    the font steps down until it fits, texts of flexible columns wrap at the size printed, the
    header row repeats on each page. ``align`` = (first column, "RIGHT"/"CENTER") from there on."""
    fit = fit_columns(
        columns, frame or frame_width(), font_size=cells.style.fontSize, smallest=smallest
    )
    sized = restyled(cells, fit.font_size)
    flexible = [i for i, column in enumerate(columns) if column.flex]
    for line in lines:
        for i in flexible:
            if isinstance(line[i], str):
                line[i] = wrapped(sized, line[i], fit.widths[i])
    if header:
        lines = [header_cells([c.header for c in columns], fit, sized.style), *lines]
    table = Table(lines, hAlign="LEFT", colWidths=fit.widths, repeatRows=1 if header else 0)
    style = grid_style(font_size=fit.font_size, header_rows=1 if header else 0)
    if align is not None:
        style.add("ALIGN", (align[0], 0), (-1, -1), align[1])
    table.setStyle(style)
    return table
