"""Standings of a division after any round."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table

from ..formatting import fmt_average, fmt_record, fmt_spread
from ..models import Division
from ..selectors.divisions import division_results
from .layout import Cells, grid_style, render, styles


def build_standings_pdf(division: Division, through_round: int | None = None) -> bytes:
    """Rank, player, record, spread, average and high game after ``through_round`` (None: all)."""
    found = division_results(division)
    rows = found.standings(through_round=through_round)
    entries = found.entry_by_number
    if through_round is None:
        title = _("%(event)s – %(division)s – standings") % {
            "event": division.tournament.name,
            "division": division.name,
        }
    else:
        title = _("%(event)s – %(division)s – standings after round %(round)d") % {
            "event": division.tournament.name,
            "division": division.name,
            "round": through_round,
        }
    look = styles()
    cells = Cells([title, *(row.name for row in rows)], look.cell)
    header = [
        "",
        "#",
        _("Player"),
        _("Rating"),
        _("Won–lost"),
        _("Spread"),
        _("Average"),
        _("High"),
    ]
    lines: list[list] = [header]
    for row in rows:
        name = row.name + (" " + _("(withdrawn)") if row.withdrawn else "")
        lines.append(
            [
                row.rank,
                row.player,
                cells(name),
                entries[row.player].rating or "",
                fmt_record(row.wins, row.losses),
                fmt_spread(row.spread),
                fmt_average(row.average_score),
                row.high_game if row.high_game is not None else "",
            ]
        )
    widths = [11 * mm, 11 * mm, 68 * mm, 17 * mm, 22 * mm, 18 * mm, 18 * mm, 15 * mm]
    table = Table(lines, hAlign="LEFT", colWidths=widths, repeatRows=1)
    style = grid_style()
    style.add("ALIGN", (3, 0), (-1, -1), "RIGHT")
    table.setStyle(style)
    story = [cells.paragraph(title, look.title), Spacer(1, 4 * mm), table]
    return render(story, title=title, footer=title)
