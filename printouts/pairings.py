"""Pairings of one round: by table for the directors' desk, by name in large type for the wall."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from tournaments.models import Division, Pairing
from tournaments.result_text import alone_word
from tournaments.results.formatting import fmt_record, fmt_spread
from tournaments.selectors.divisions import division_results
from tournaments.selectors.rounds import round_pairings

from . import fonts
from .fit import Column, cell_style, fit_columns, frame_width, header_cells, wrapped
from .layout import Cells, dated_footer, grid_style, render, styles

BY_TABLE, BY_NAME = "table", "name"


def build_pairings_pdf(
    division: Division,
    round_number: int,
    *,
    order: str = BY_TABLE,
    held: frozenset[int] = frozenset(),
) -> bytes:
    """The pairings of round ``round_number``, ``order`` BY_TABLE or BY_NAME (large type)."""
    pairings = list(round_pairings(division, round_number))
    before = division_results(division, held).standings(through_round=round_number - 1)
    record = {
        row.player: f"{fmt_record(row.wins, row.losses)} {fmt_spread(row.spread)}" for row in before
    }
    names = [e.player.name for p in pairings for e in (p.first, p.second) if e is not None]
    title = _("%(event)s – %(division)s – round %(round)d pairings") % {
        "event": division.tournament.name,
        "division": division.name,
        "round": round_number,
    }
    look = styles(cell_size=9, big_size=18)
    story = [Cells([title], look.title).paragraph(title, look.title), Spacer(1, 4 * mm)]
    if not pairings:
        story.append(Paragraph(_("This round has not been paired yet."), look.body))
    elif order == BY_NAME:
        story.append(_by_name(pairings, [title, *names], look.big))
    else:
        story.append(_by_table(pairings, [title, *names], look.cell, record))
    return render(story, title=title, footer=dated_footer(title, division.tournament))


def table_columns(pairings: list[Pairing], record: dict[int, str]) -> list[Column]:
    """The columns of the pairings by table, measured by what they will hold."""
    records = list(record.values())
    tables = [p.table or "" for p in pairings]
    numbers = [e.number for p in pairings for e in (p.first, p.second) if e is not None]
    return [
        Column(_("Table"), tables),
        Column("#", numbers),
        Column(_("First"), flex=1),
        Column(pgettext("won-lost record", "Record"), records),
        Column("#", numbers),
        Column(_("Second"), [_("bye")], flex=1),
        Column(pgettext("won-lost record", "Record"), records),
    ]


def _by_table(
    pairings: list[Pairing], texts: list[str], style: ParagraphStyle, record: dict[int, str]
) -> Table:
    columns = table_columns(pairings, record)
    fit = fit_columns(columns, frame_width(), font_size=style.fontSize)
    cells = Cells(texts, cell_style(style, fit.font_size))
    rows: list[list] = [header_cells([c.header for c in columns], fit, cells.style)]
    first_w, second_w = fit.widths[2], fit.widths[5]
    for p in pairings:
        first, second = p.first, p.second
        rows.append(
            [
                p.table or "",
                first.number,
                wrapped(cells, first.player.name, first_w),
                record.get(first.number, ""),
                second.number if second else "",
                wrapped(cells, second.player.name, second_w) if second else alone_word(p.kind),
                record.get(second.number, "") if second else "",
            ]
        )
    table = Table(rows, hAlign="LEFT", colWidths=fit.widths, repeatRows=1)
    table.setStyle(grid_style(font_size=fit.font_size))
    return table


def name_columns(lines: list[tuple]) -> list[Column]:
    """The columns of the pairings by name: name and opponent share the width."""
    return [
        Column(_("Name"), flex=1.1, narrowest=60 * mm),
        Column(_("Table"), [line[2] or "–" for line in lines]),
        Column("", [line[3] for line in lines]),
        Column(_("Opponent"), flex=1, narrowest=50 * mm),
    ]


def _by_name(pairings: list[Pairing], texts: list[str], style: ParagraphStyle) -> Table:
    """One line per player, alphabetical, in large type: name, table, first/second, opponent."""
    lines = []
    for p in pairings:
        for me, them, went_first in ((p.first, p.second, True), (p.second, p.first, False)):
            if me is None:
                continue
            if them is None:
                side, opponent = "", alone_word(p.kind)
            else:
                side = (_("1st") if went_first else _("2nd")) if p.sides_known else ""
                opponent = f"#{them.number} {them.player.name}"
            lines.append((me.player.name.casefold(), me, p.table, side, opponent))
    lines.sort(key=lambda line: (line[0], line[1].number))
    columns = name_columns(lines)
    fit = fit_columns(columns, frame_width(), font_size=style.fontSize, smallest=12)
    big = cell_style(style, fit.font_size)
    cells = Cells(texts, big)
    rows: list[list] = [header_cells([c.header for c in columns], fit, big)]
    for _key, me, table_no, side, opponent in lines:
        rows.append(
            [
                cells(f"{me.player.name} #{me.number}", bold=True, style=big),
                table_no or "–",
                side,
                cells(opponent, style=_small(big)),
            ]
        )
    table = Table(rows, hAlign="LEFT", colWidths=fit.widths, repeatRows=1)
    style = grid_style(font_size=fit.font_size)
    style.add("FONTNAME", (1, 1), (1, -1), fonts.SANS_BOLD)
    style.add("ALIGN", (1, 0), (2, -1), "CENTER")
    table.setStyle(style)
    return table


def _small(style: ParagraphStyle) -> ParagraphStyle:
    return ParagraphStyle(
        "opponent", style, fontSize=style.fontSize * 0.7, leading=style.leading * 0.7
    )
