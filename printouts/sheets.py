"""Cut sheets: cards laid out two or four to a page with dashed cut lines between them.

Two to a page are halves (cut across the middle: A5 of an A4 page), four are quarters (cut across
and down: A6 of A4), as directors cut scorecards; the page is the event's paper. Each card is
shrunk, if it must be, to stay inside its part of the page, so a page always holds exactly ``per_page`` cards.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    KeepInFrame,
    PageTemplate,
)

from . import fonts
from .layout import MARGIN, draw_footer, footer_paragraph, page_size
from .scripts import fit_story

PER_PAGE = (1, 2, 4)
# Space kept clear on each side of a cut line, so that a slightly crooked cut loses nothing.
CUT_GAP = 7 * mm
FOOTER = 4 * mm


@dataclass(frozen=True)
class Slot:
    """Where one card goes on the page (points from the bottom left)."""

    x: float
    y: float
    width: float
    height: float


def slots(per_page: int) -> tuple[Slot, ...]:
    """The card frames of a page holding ``per_page`` (2 or 4) cards, top left first."""
    if per_page not in (2, 4):
        raise ValueError(f"per_page must be 2 or 4, not {per_page}")
    page_w, page_h = page_size()
    across = 2 if per_page == 4 else 1
    width = page_w / across
    half = page_h / 2
    found = []
    for row in range(2):  # top half first
        bottom = half if row == 0 else 0.0
        y = bottom + (CUT_GAP if row == 0 else MARGIN + FOOTER)
        height = half - CUT_GAP - (MARGIN if row == 0 else MARGIN + FOOTER)
        for column in range(across):
            left = column * width + (MARGIN if column == 0 else CUT_GAP)
            right = (column + 1) * width - (MARGIN if column == across - 1 else CUT_GAP)
            found.append(Slot(left, y, right - left, height))
    return tuple(found)


def slot_size(per_page: int) -> tuple[float, float]:
    """Width and height of each card's frame."""
    first = slots(per_page)[0]
    return first.width, first.height


def render_cut_sheets(
    cards: Sequence[Sequence[Flowable]], *, per_page: int, title: str, footer: str
) -> bytes:
    """``cards`` ``per_page`` to a page with cut lines, ``footer`` and page numbers."""
    out = io.BytesIO()
    frames = [
        Frame(
            s.x,
            s.y,
            s.width,
            s.height,
            id=f"card{i}",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        for i, s in enumerate(slots(per_page))
    ]
    doc = BaseDocTemplate(out, pagesize=page_size(), title=title, author="Tournament Desk")
    footer_line = footer_paragraph(footer)

    def decorate(canvas, document) -> None:
        canvas.saveState()
        canvas.setStrokeColor(colors.Color(0.6, 0.6, 0.6))
        canvas.setDash(4, 3)
        canvas.setLineWidth(0.5)
        page_w, page_h = page_size()
        canvas.line(0, page_h / 2, page_w, page_h / 2)
        if per_page == 4:
            canvas.line(page_w / 2, 0, page_w / 2, page_h)
        draw_footer(canvas, footer_line, page_w, document.page)
        canvas.restoreState()

    doc.addPageTemplates([PageTemplate(id="cards", frames=frames, onPage=decorate)])
    width, height = slot_size(per_page)
    story: list[Flowable] = []
    for index, card in enumerate(cards):
        if index:
            story.append(FrameBreak())
        # Headings and column titles in Thai, Chinese or Japanese get those faces.
        fitted = fit_story(card, fonts.font_set([]))
        story.append(KeepInFrame(width, height, fitted, mode="shrink"))
    doc.build(story)
    return out.getvalue()
