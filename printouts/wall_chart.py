"""Wall chart: every player against every round, landscape, in blocks of rounds that fit a page.

A cell reads ``W 412–380`` over ``#7`` (the opponent). Players are in number order, as a wall
chart is read by finding your own line.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Spacer, Table

from tournaments.entry_text import withdrawn_text
from tournaments.models import Division
from tournaments.results.crosstable import MARKER_TEXTS, CrosstableCell
from tournaments.results.formatting import fmt_record, fmt_score, fmt_spread
from tournaments.selectors.divisions import division_results

from .fit import Column, fitted_table, frame_width
from .layout import Cells, dated_footer, render, styles

ROUNDS_PER_BLOCK = 10


def build_wall_chart_pdf(division: Division, held: frozenset[int] = frozenset()) -> bytes:
    """The crosstable of ``division`` with record and spread, blocks of ten rounds each."""
    found = division_results(division, held)
    chart = found.crosstable()
    totals = {row.player: row for row in found.standings()}
    # Every paired round gets a column, reported or not, so the chart can be filled in by hand.
    rounds = sorted(set(chart.rounds) | {p.round.number for p in found.pairings}) or [1]
    position = {rnd: i for i, rnd in enumerate(chart.rounds)}
    title = _("%(event)s – %(division)s – wall chart") % {
        "event": division.tournament.name,
        "division": division.name,
    }
    look = styles(cell_size=7)
    names = _marked_names(found)
    cells = Cells([title, *names.values()], look.cell)
    story: list = [cells.paragraph(title, look.title), Spacer(1, 3 * mm)]
    for start in range(0, len(rounds), ROUNDS_PER_BLOCK):
        if start:
            story.append(PageBreak())
        block = range(start, min(start + ROUNDS_PER_BLOCK, len(rounds)))
        header = ["#", _("Player"), *(_("R%(round)d") % {"round": rounds[i]} for i in block)]
        header += [_("Won–lost"), _("Spread")]
        lines: list[list] = []
        for row in chart.rows:
            total = totals[row.player]
            lines.append(
                [
                    row.player,
                    names[row.player],
                    *(_cell_text(_at(row.cells, position.get(rounds[i]))) for i in block),
                    fmt_record(total.wins, total.losses),
                    fmt_spread(total.spread),
                ]
            )
        story.append(_table(header, lines, cells))
    return render(story, title=title, footer=dated_footer(title, division.tournament), wide=True)


def _marked_names(found) -> dict[int, str]:
    """Each player's name by number, a withdrawal marked with the round it came after."""
    names = {}
    for entry in found.entries:
        name = entry.player.name
        if entry.withdrawn_after_round is not None:
            mark = withdrawn_text(entry.withdrawn_after_round)
            name = f"{name} ({mark})"
        names[entry.number] = name
    return names


def _table(header: list[str], lines: list[list], cells: Cells) -> Table:
    """The block's table, its columns fitted to the landscape page; names wrap."""
    columns = [
        Column(text, [line[i] for line in lines], flex=1 if i == 1 else 0, narrowest=30 * mm)
        for i, text in enumerate(header)
    ]
    return fitted_table(
        lines, columns, cells, frame=frame_width(wide=True), smallest=5, align=(2, "CENTER")
    )


def _at(cells: tuple, index: int | None) -> CrosstableCell | None:
    return None if index is None else cells[index]


def _cell_text(cell: CrosstableCell | None) -> str:
    if cell is None:
        return ""
    marker = _(MARKER_TEXTS.get(cell.marker, cell.marker))
    if cell.score is not None and cell.opponent_score is not None:
        return f"{marker} {fmt_score(cell.score, cell.opponent_score)}\n#{cell.opponent}"
    against = f"\n#{cell.opponent}" if cell.opponent is not None else ""
    return f"{marker} {fmt_spread(cell.spread)}{against}"
