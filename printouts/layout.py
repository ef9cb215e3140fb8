"""What every printed report shares: page size, styles, the running header and name cells.

Each report module builds a list of platypus flowables and calls ``render``; names go through
``Cells`` so a Chinese, Japanese, Korean or Thai name gets the right face (see ``fonts``) while
plain Latin text stays a cheap string cell.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, TableStyle

from core.formatting import fmt_days

from . import fonts, thai
from .scripts import fit_story

# Binary (compressed) page streams: ASCII85 only makes a PDF bigger and slower to write.
rl_config.useA85 = 0

MARGIN = 12 * mm
GRID = colors.Color(0.6, 0.6, 0.6)
SHADE = colors.Color(0.93, 0.93, 0.93)


# The paper every printout is laid out for, by the event's ``paper_size``.
PAPERS = {"a4": A4, "letter": LETTER}
_paper: ContextVar[tuple[float, float]] = ContextVar("paper", default=A4)


def page_size(*, wide: bool = False) -> tuple[float, float]:
    """The page being laid out (``printed_on``; A4 otherwise), landscape when ``wide``."""
    size = _paper.get()
    return landscape(size) if wide else size


@contextlib.contextmanager
def printed_on(paper: str) -> Iterator[None]:
    """Lay out every printout built inside on ``paper`` ("a4" or "letter")."""
    token = _paper.set(PAPERS[paper])
    try:
        yield
    finally:
        _paper.reset(token)


@dataclass(frozen=True, slots=True)
class Styles:
    """Paragraph styles of one document, all in the registered Noto faces."""

    title: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle
    cell: ParagraphStyle
    big: ParagraphStyle
    centre: ParagraphStyle


def styles(cell_size: float = 9, big_size: float = 20) -> Styles:
    """Styles sized for a report: ``cell_size`` for table text, ``big_size`` for wall lists."""
    base = ParagraphStyle("body", fontName=fonts.SANS, fontSize=10, leading=13)
    return Styles(
        title=ParagraphStyle("title", base, fontName=fonts.SANS_BOLD, fontSize=16, leading=20),
        heading=ParagraphStyle("heading", base, fontName=fonts.SANS_BOLD, fontSize=12, leading=16),
        body=base,
        cell=ParagraphStyle("cell", base, fontSize=cell_size, leading=cell_size * 1.25),
        big=ParagraphStyle("big", base, fontSize=big_size, leading=big_size * 1.25),
        centre=ParagraphStyle("centre", base, alignment=TA_CENTER),
    )


class Cells:
    """Turns texts into table cells: a plain string when Noto Sans has every character."""

    def __init__(self, texts: Iterable[str], style: ParagraphStyle) -> None:
        self.fonts = fonts.font_set(texts)
        self.style = style
        self._cache: dict[tuple[str, bool], str | Paragraph] = {}

    def __call__(self, text: str, *, bold: bool = False, style: ParagraphStyle | None = None):
        if style is not None:
            return thai.paragraph(self.fonts, text, style, bold=bold)
        key = (text, bold)
        cell = self._cache.get(key)
        if cell is None:
            # Paragraphs are slow; only names outside Latin need one.
            cell = (
                thai.paragraph(self.fonts, text, self.style, bold=bold)
                if self.fonts.needs_markup(text)
                else text
            )
            self._cache[key] = cell
        return cell

    def paragraph(self, text: str, style: ParagraphStyle, *, bold: bool = False) -> Paragraph:
        """Always a paragraph (for headings and free text)."""
        return thai.paragraph(self.fonts, text, style, bold=bold)


def grid_style(*, font_size: float = 9, header_rows: int = 1, zebra: bool = True) -> TableStyle:
    """Thin grid, bold shaded header, optional zebra rows: the look of every report table."""
    commands = [
        ("FONTNAME", (0, 0), (-1, -1), fonts.SANS),
        ("FONTSIZE", (0, 0), (-1, -1), font_size),
        ("LEADING", (0, 0), (-1, -1), font_size * 1.25),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if header_rows:
        commands += [
            ("FONTNAME", (0, 0), (-1, header_rows - 1), fonts.SANS_BOLD),
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE),
        ]
    if zebra:
        commands.append(
            ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [None, colors.Color(0.97, 0.97, 0.97)])
        )
    return TableStyle(commands)


FOOTER_GREY = colors.Color(0.35, 0.35, 0.35)


def render(story: Sequence[Flowable], *, title: str, footer: str, wide: bool = False) -> bytes:
    """Lay ``story`` out on the page (``page_size``; landscape when ``wide``) with ``footer``
    and page numbers."""
    out = io.BytesIO()
    size = page_size(wide=wide)
    doc = SimpleDocTemplate(
        out,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 4 * mm,
        title=title,
        author="Tournament Desk",
    )
    footer_line = footer_paragraph(footer)

    def decorate(canvas, document) -> None:
        canvas.saveState()
        draw_footer(canvas, footer_line, size[0], document.page)
        canvas.restoreState()

    # Headings and column titles in Thai, Chinese or Japanese get those faces (``scripts``).
    story = fit_story(story, fonts.font_set([]))
    doc.build(story, onFirstPage=decorate, onLaterPages=decorate)
    return out.getvalue()


def dated_footer(title: str, tournament) -> str:
    """A report's footer: its title and the event's days, written as the event's pages write
    them (``core.formatting``, in the language the report is printed in)."""
    days = fmt_days(tournament.start_date, tournament.end_date)
    return f"{title} · {days}" if days else title


def footer_paragraph(footer: str) -> Paragraph:
    """The page footer as a Paragraph, so a footer in Thai or Chinese gets its faces too."""
    style = ParagraphStyle(
        "footer", fontName=fonts.SANS, fontSize=7, leading=9, textColor=FOOTER_GREY
    )
    return thai.paragraph(fonts.font_set([footer]), footer, style)


def draw_footer(canvas, line: Paragraph, page_width: float, page: int) -> None:
    """``line`` at the bottom left of the page and the page number at the bottom right."""
    canvas.setFont(fonts.SANS, 7)
    canvas.setFillColor(FOOTER_GREY)
    _width, height = line.wrapOn(canvas, page_width - 2 * MARGIN - 15 * mm, MARGIN)
    line.drawOn(canvas, MARGIN, MARGIN * 0.6 - height + 7)
    canvas.drawRightString(page_width - MARGIN, MARGIN * 0.6, str(page))
