"""Scorecards: one page per player, a line per round as players keep them at the table.

Each line: opponent, first or second, both scores, win/loss, running record and running spread.
Rounds paired but not yet reported show the opponent with empty score boxes; rounds not yet
paired are blank lines to fill in by hand.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table

from ..crosstable import CrosstableCell
from ..formatting import fmt_record, fmt_spread
from ..models import Division, Entry
from ..selectors.divisions import division_results
from .layout import Cells, grid_style, render, styles

WIDTHS = [12 * mm, 12 * mm, 62 * mm, 12 * mm, 16 * mm, 16 * mm, 10 * mm, 20 * mm, 20 * mm]


def build_scorecards_pdf(division: Division, numbers: list[int] | None = None) -> bytes:
    """Scorecards of every entry of ``division`` (or only player ``numbers``), one per page."""
    found = division_results(division)
    entries = [e for e in found.entries if numbers is None or e.number in numbers]
    by_number = found.entry_by_number
    # Who meets whom in rounds already paired, reported or not: (player, round) -> (opponent, side).
    seats: dict[tuple[int, int], tuple[int | None, str]] = {}
    number = {e.pk: e.number for e in found.entries}
    for p in found.pairings:
        a, b = number[p.first_id], number.get(p.second_id) if p.second_id else None
        first, second = (_("1st"), _("2nd")) if p.sides_known and b is not None else ("", "")
        seats[(a, p.round.number)] = (b, first)
        if b is not None:
            seats[(b, p.round.number)] = (a, second)
    table_rows = found.crosstable().rows
    rounds = tuple(range(1, max(division.rounds, *found_rounds(found)) + 1))
    reported = {row.player: {c.round: c for c in row.cells if c is not None} for row in table_rows}
    title = _("%(event)s – %(division)s – scorecards") % {
        "event": division.tournament.name,
        "division": division.name,
    }
    look = styles()
    cells = Cells([title, *(e.player.name for e in found.entries)], look.cell)
    story: list = []
    for index, entry in enumerate(entries):
        if index:
            story.append(PageBreak())
        story += _card(
            entry, division, rounds, reported.get(entry.number, {}), seats, by_number, cells, look
        )
    if not story:
        story.append(Paragraph(_("No players."), look.body))
    return render(story, title=title, footer=title)


def found_rounds(found) -> list[int]:
    """Round numbers that have pairings (a division may have run past its planned rounds)."""
    return [p.round.number for p in found.pairings] or [0]


def _card(
    entry: Entry,
    division: Division,
    rounds,
    results: dict[int, CrosstableCell],
    seats,
    by_number,
    cells,
    look,
):
    heading = f"#{entry.number} {entry.player.name}"
    sub = _("%(division)s – rating %(rating)d") % {
        "division": division.name,
        "rating": entry.rating,
    }
    header = [
        "",
        "#",
        _("Opponent"),
        "1st/2nd",
        _("Score"),
        _("Opp."),
        "W/L",
        _("Record"),
        _("Spread"),
    ]
    wins, losses = float(entry.starting_wins), float(entry.starting_losses)
    spread = entry.starting_spread
    lines: list[list] = [header]
    for rnd in rounds:
        opponent, side = seats.get((entry.number, rnd), (None, ""))
        cell = results.get(rnd)
        them = by_number.get(opponent) if opponent is not None else None
        name = cells(them.player.name) if them is not None else ""
        if cell is None:
            if (entry.number, rnd) in seats and them is None:
                name = _("bye")
            lines.append([rnd, them.number if them else "", name, side, "", "", "", "", ""])
            continue
        wins += 1.0 if cell.outcome == "W" else 0.5 if cell.outcome == "T" else 0.0
        losses += 1.0 if cell.outcome == "L" else 0.5 if cell.outcome == "T" else 0.0
        spread += cell.spread
        if them is None:
            name = _("bye") if cell.marker == "B" else _("forfeit")
        lines.append(
            [
                rnd,
                them.number if them else "",
                name,
                side,
                cell.score if cell.score is not None else "",
                cell.opponent_score if cell.opponent_score is not None else "",
                cell.marker,
                fmt_record(wins, losses),
                fmt_spread(spread),
            ]
        )
    table = Table(
        lines,
        hAlign="LEFT",
        colWidths=WIDTHS,
        repeatRows=1,
        rowHeights=[None] + [6.2 * mm] * len(rounds),
    )
    style = grid_style(zebra=False)
    style.add("ALIGN", (3, 0), (-1, -1), "CENTER")
    table.setStyle(style)
    return [
        cells.paragraph(heading, look.title, bold=True),
        Paragraph(sub, look.body),
        Spacer(1, 3 * mm),
        table,
    ]
