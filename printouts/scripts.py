"""Every text of a printout in a face that has its characters, whatever language it prints in.

The report builders write their headings and column titles as plain strings and paragraphs in
Noto Sans; in Thai, Chinese or Japanese those need the Thai or CJK face. Rather than every
builder knowing that, ``fit_story`` walks the finished story once before layout and gives each
text that Noto Sans cannot draw its ``<font>`` runs (``fonts.FontSet.markup``), keeping the size,
weight and alignment the text had.
"""

from __future__ import annotations

from collections.abc import Iterable

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table

from . import fonts, thai

ALIGNMENTS = {"LEFT": TA_LEFT, "RIGHT": TA_RIGHT, "CENTER": TA_CENTER, "CENTRE": TA_CENTER}


def fit_story(story: Iterable[Flowable], found: fonts.FontSet) -> list[Flowable]:
    """``story`` with every text outside Noto Sans set in the faces that draw it."""
    return [_fit(flowable, found) for flowable in story]


def _fit(item, found: fonts.FontSet):
    if isinstance(item, Paragraph):
        return _fit_paragraph(item, found)
    if isinstance(item, Table):
        _fit_table(item, found)
        return item
    if isinstance(item, list | tuple):
        return type(item)(_fit(part, found) for part in item)
    return item


def _is_bold(font_name: str) -> bool:
    return font_name.endswith("-Bold") or font_name == fonts.SANS_BOLD


def _fit_paragraph(paragraph: Paragraph, found: fonts.FontSet) -> Paragraph:
    text = getattr(paragraph, "text", "")
    if isinstance(paragraph, thai.ThaiParagraph) or not isinstance(text, str):
        return paragraph
    bold = _is_bold(paragraph.style.fontName)
    if "<" in text:
        # Markup from Cells already names its faces; other markup keeps its own, shaped if Thai.
        if thai.has_thai(text) and not paragraph.style.shaping:
            return Paragraph(text, thai.shaped_style(paragraph.style, bold=bold))
        return paragraph
    if not found.needs_markup(text):
        return paragraph
    return thai.paragraph(found, text, paragraph.style, bold=bold)


def _fit_table(table: Table, found: fonts.FontSet) -> None:
    for row, cells in enumerate(table._cellvalues):
        for column, value in enumerate(cells):
            if isinstance(value, str) and found.needs_markup(value):
                look = table._cellStyles[row][column]
                style = ParagraphStyle(
                    "fitted",
                    fontName=look.fontname,
                    fontSize=look.fontsize,
                    leading=look.leading,
                    alignment=ALIGNMENTS.get(str(look.alignment).upper(), TA_LEFT),
                )
                bold = _is_bold(look.fontname)
                cells[column] = thai.paragraph(found, value, style, bold=bold)
            elif not isinstance(value, str):
                cells[column] = _fit(value, found)
