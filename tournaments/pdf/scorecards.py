"""Scorecards: one page per player, a line per round as players keep them at the table.

Each line: opponent, first or second, both scores, win/loss, running record and running spread.
Rounds paired but not yet reported show the opponent with empty score boxes; rounds not yet
paired are blank lines to fill in by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table

from ..crosstable import CrosstableCell
from ..formatting import fmt_record, fmt_spread
from ..models import Division, Entry
from ..selectors.divisions import division_results
from .layout import Cells, Styles, grid_style, render, styles

WIDTHS = [12 * mm, 12 * mm, 62 * mm, 12 * mm, 16 * mm, 16 * mm, 10 * mm, 20 * mm, 20 * mm]


@dataclass(frozen=True)
class _Sheet:
    """What every card of the division is drawn from."""

    rounds: tuple[int, ...]
    reported: dict[int, dict[int, CrosstableCell]]  # player -> round -> reported result
    seats: dict[tuple[int, int], tuple[int | None, str]]  # (player, round) -> (opponent, side)
    by_number: dict[int, Entry]
    cells: Cells
    look: Styles


def build_scorecards_pdf(division: Division, numbers: list[int] | None = None) -> bytes:
    """Scorecards of every entry of ``division`` (or only player ``numbers``), one per page."""
    found = division_results(division)
    entries = [e for e in found.entries if numbers is None or e.number in numbers]
    title = _("%(event)s – %(division)s – scorecards") % {
        "event": division.tournament.name,
        "division": division.name,
    }
    look = styles()
    sheet = _Sheet(
        rounds=tuple(range(1, max(division.rounds, *found_rounds(found)) + 1)),
        reported={
            row.player: {c.round: c for c in row.cells if c is not None}
            for row in found.crosstable().rows
        },
        seats=_seats(found),
        by_number=found.entry_by_number,
        cells=Cells([title, *(e.player.name for e in found.entries)], look.cell),
        look=look,
    )
    story: list = []
    for index, entry in enumerate(entries):
        if index:
            story.append(PageBreak())
        story += _card(entry, division, sheet)
    if not story:
        story.append(Paragraph(_("No players."), look.body))
    return render(story, title=title, footer=title)


def found_rounds(found) -> list[int]:
    """Round numbers that have pairings (a division may have run past its planned rounds)."""
    return [p.round.number for p in found.pairings] or [0]


def _seats(found) -> dict[tuple[int, int], tuple[int | None, str]]:
    """Who meets whom in rounds already paired, reported or not: (player, round) -> (opponent,
    side); a bye has no opponent."""
    seats: dict[tuple[int, int], tuple[int | None, str]] = {}
    number = {e.pk: e.number for e in found.entries}
    for p in found.pairings:
        a, b = number[p.first_id], number.get(p.second_id) if p.second_id else None
        first, second = (_("1st"), _("2nd")) if p.sides_known and b is not None else ("", "")
        seats[(a, p.round.number)] = (b, first)
        if b is not None:
            seats[(b, p.round.number)] = (a, second)
    return seats


def _card(entry: Entry, division: Division, sheet: _Sheet) -> list:
    """The heading and the table of rounds of ``entry``'s scorecard."""
    sub = _("%(division)s – rating %(rating)d") % {
        "division": division.name,
        "rating": entry.rating,
    }
    return [
        sheet.cells.paragraph(f"#{entry.number} {entry.player.name}", sheet.look.title, bold=True),
        # Through the cells' markup, which escapes it: the division name is the director's text.
        sheet.cells.paragraph(sub, sheet.look.body),
        Spacer(1, 3 * mm),
        _rounds_table(_lines(entry, sheet), len(sheet.rounds)),
    ]


def _lines(entry: Entry, sheet: _Sheet) -> list[list]:
    """The header and a line per round, with the record and spread running from the start."""
    header = ["", "#", _("Opponent"), "1st/2nd", _("Score"), _("Opp."), "W/L"]
    lines: list[list] = [[*header, _("Record"), _("Spread")]]
    results = sheet.reported.get(entry.number, {})
    wins, losses = float(entry.starting_wins), float(entry.starting_losses)
    spread = entry.starting_spread
    for rnd in sheet.rounds:
        seated = (entry.number, rnd) in sheet.seats
        opponent, side = sheet.seats.get((entry.number, rnd), (None, ""))
        them = sheet.by_number.get(opponent) if opponent is not None else None
        name = sheet.cells(them.player.name) if them is not None else ""
        start = [rnd, them.number if them else "", name, side]
        cell = results.get(rnd)
        if cell is None:
            if seated and them is None:
                start[2] = _("bye")
            lines.append([*start, "", "", "", "", ""])
            continue
        wins += 1.0 if cell.outcome == "W" else 0.5 if cell.outcome == "T" else 0.0
        losses += 1.0 if cell.outcome == "L" else 0.5 if cell.outcome == "T" else 0.0
        spread += cell.spread
        if them is None:
            start[2] = _("bye") if cell.marker == "B" else _("forfeit")
        lines.append([*start, *_scores(cell), fmt_record(wins, losses), fmt_spread(spread)])
    return lines


def _scores(cell: CrosstableCell) -> list:
    return [
        cell.score if cell.score is not None else "",
        cell.opponent_score if cell.opponent_score is not None else "",
        cell.marker,
    ]


def _rounds_table(lines: list[list], rounds: int) -> Table:
    table = Table(
        lines,
        hAlign="LEFT",
        colWidths=WIDTHS,
        repeatRows=1,
        rowHeights=[None] + [6.2 * mm] * rounds,
    )
    style = grid_style(zebra=False)
    style.add("ALIGN", (3, 0), (-1, -1), "CENTER")
    table.setStyle(style)
    return table
