"""Scorecards: a card per player, a line per round as players keep them at the table.

One, two or four cards to a page (``per_page``); two and four are laid out with cut lines
(``sheets``).

Each line: opponent, first or second, both scores, win/loss, running record and running spread.
Rounds paired but not yet reported show the opponent with empty score boxes; rounds not yet
paired are blank lines to fill in by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table

from tournaments.models import Division, Entry
from tournaments.results.crosstable import MARKER_TEXTS, CrosstableCell
from tournaments.results.formatting import fmt_record, fmt_spread
from tournaments.results.game_rows import starting_through
from tournaments.results.standings import GameResult
from tournaments.selectors.divisions import division_results

from .fit import (
    Column,
    Fit,
    cell_style,
    fit_columns,
    frame_width,
    header_cells,
    restyled,
    wrapped,
)
from .layout import Cells, Styles, dated_footer, grid_style, render, styles
from .qr import entry_code, short_address
from .sheets import PER_PAGE, render_cut_sheets, slot_size

ROW_HEIGHT = 6.2 * mm
# A cell's left and right padding (points): narrow on the smaller cards, so that the figures
# leave the opponent's name room to wrap between words.
CELL_PADDING = {1: 6, 2: 3, 4: 2}
# Card text size for one, two and four cards to a page.
FONT_SIZE = {1: 9, 2: 9, 4: 7}
# The personal link's QR code, for one, two and four cards to a page (readable by a phone's
# camera at arm's length from 14 mm up).
QR_SIZE = {1: 28 * mm, 2: 22 * mm, 4: 16 * mm}


@dataclass(frozen=True)
class _Sheet:
    """What every card of the division is drawn from."""

    rounds: tuple[int, ...]
    reported: dict[int, dict[int, CrosstableCell]]  # player -> round -> reported result
    starting: dict[int, list[GameResult]]  # player -> a late entry's starting rows
    seats: dict[tuple[int, int], tuple[int | None, str]]  # (player, round) -> (opponent, side)
    by_number: dict[int, Entry]
    cells: Cells
    look: Styles
    per_page: int = 1
    site: str = ""  # the site's address: each card gets its player's personal link as a QR code


def build_scorecards_pdf(
    division: Division, numbers: list[int] | None = None, *, per_page: int = 1, site: str = ""
) -> bytes:
    """Scorecards of every entry of ``division`` (or only player ``numbers``), ``per_page``
    (1, 2 or 4) to a page; with ``site``, each card has its player's personal link (check-in,
    their table, their scores) as a QR code."""
    if per_page not in PER_PAGE:
        raise ValueError(f"per_page must be one of {PER_PAGE}, not {per_page}")
    found = division_results(division)
    entries = [e for e in found.entries if numbers is None or e.number in numbers]
    title = _("%(event)s – %(division)s – scorecards") % {
        "event": division.tournament.name,
        "division": division.name,
    }
    look = styles(cell_size=FONT_SIZE[per_page])
    if per_page == 4:
        look = replace(look, title=cell_style(look.heading, 11), body=cell_style(look.body, 8))
    sheet = _Sheet(
        rounds=tuple(range(1, max(division.rounds, *found_rounds(found)) + 1)),
        reported={
            row.player: {c.round: c for c in row.cells if c is not None}
            for row in found.crosstable().rows
        },
        starting=_starting(found.starting),
        seats=_seats(found),
        by_number=found.entry_by_number,
        cells=Cells([title, *(e.player.name for e in found.entries)], look.cell),
        look=look,
        per_page=per_page,
        site=site,
    )
    if per_page > 1 and entries:
        cards = [_card(entry, division, sheet) for entry in entries]
        return render_cut_sheets(
            cards, per_page=per_page, title=title, footer=dated_footer(title, division.tournament)
        )
    story: list = []
    for index, entry in enumerate(entries):
        if index:
            story.append(PageBreak())
        story += _card(entry, division, sheet)
    if not story:
        story.append(Paragraph(_("No players."), look.body))
    return render(story, title=title, footer=dated_footer(title, division.tournament))


def found_rounds(found) -> list[int]:
    """Round numbers that have pairings (a division may have run past its planned rounds)."""
    return [p.round.number for p in found.pairings] or [0]


def _starting(rows: list[GameResult]) -> dict[int, list[GameResult]]:
    """The division's starting rows (``DivisionResults.starting``) by player."""
    mine: dict[int, list[GameResult]] = {}
    for row in rows:
        mine.setdefault(row.player, []).append(row)
    return mine


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
    heading = [
        sheet.cells.paragraph(f"#{entry.number} {entry.player.name}", sheet.look.title, bold=True),
        # Through the cells' markup, which escapes it: the division name is the director's text.
        sheet.cells.paragraph(sub, sheet.look.body),
    ]
    if sheet.site:
        heading = [_with_code(heading, entry, division, sheet)]
    return [
        *heading,
        Spacer(1, 3 * mm if sheet.per_page < 4 else 1.5 * mm),
        _rounds_table(entry, sheet),
    ]


def _with_code(heading: list, entry: Entry, division: Division, sheet: _Sheet) -> Table:
    """The card's heading beside the QR code of the player's personal link."""
    size = QR_SIZE[sheet.per_page]
    caption = sheet.cells.paragraph(_("Scan: check in, your table, your scores"), sheet.look.body)
    address = short_address(sheet.site, entry.pk, entry.link_generation)
    typed = _("or type %(address)s") % {"address": address}
    caption = [caption, sheet.cells.paragraph(typed, sheet.look.body)]
    width = frame_width() if sheet.per_page == 1 else slot_size(sheet.per_page)[0]
    table = Table(
        [
            [
                [*heading, *caption],
                entry_code(
                    sheet.site, division.tournament.slug, entry.pk, size, entry.link_generation
                ),
            ]
        ],
        colWidths=[width - size - 2 * mm, size + 2 * mm],
        hAlign="LEFT",
    )
    table.setStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ]
    )
    return table


def _lines(entry: Entry, sheet: _Sheet) -> list[list]:
    """The header and a line per round, with the record and spread running from the start."""
    header = ["", "#", _("Opponent"), _("1st/2nd"), _("Score"), _("Opp."), _("W/L")]
    lines: list[list] = [[*header, pgettext("won-lost record", "Record"), _("Spread")]]
    results = sheet.reported.get(entry.number, {})
    starting = sheet.starting.get(entry.number, [])
    wins = losses = 0.0
    spread = 0
    for rnd in sheet.rounds:
        seated = (entry.number, rnd) in sheet.seats
        opponent, side = sheet.seats.get((entry.number, rnd), (None, ""))
        them = sheet.by_number.get(opponent) if opponent is not None else None
        name = them.player.name if them is not None else ""
        start = [rnd, them.number if them else "", name, side]
        cell = results.get(rnd)
        if cell is None:
            if seated and them is None:
                start[2] = _("bye")
            lines.append([*start, "", "", "", "", ""])
            continue
        wins += cell.worth
        losses += 1.0 - cell.worth
        spread += cell.spread
        if them is None:
            start[2] = _("bye") if cell.marker == "B" else _("forfeit")
        won, lost, given = starting_through(starting, rnd)  # the shares counted by then
        record = fmt_record(wins + won, losses + lost)
        lines.append([*start, *_scores(cell), record, fmt_spread(spread + given)])
    return lines


def _scores(cell: CrosstableCell) -> list:
    return [
        cell.score if cell.score is not None else "",
        cell.opponent_score if cell.opponent_score is not None else "",
        _(MARKER_TEXTS.get(cell.marker, cell.marker)),
    ]


def _fit(lines: list[list], sheet: _Sheet) -> Fit:
    """Columns fitted to the card's width: the opponent takes what the figures leave."""
    width = frame_width() if sheet.per_page == 1 else slot_size(sheet.per_page)[0]
    columns = [
        Column(str(header), [line[i] for line in lines[1:]], flex=1 if i == 2 else 0)
        for i, header in enumerate(lines[0])
    ]
    columns[2] = Column(columns[2].header, flex=1, narrowest=20 * mm)
    return fit_columns(
        columns,
        width,
        font_size=FONT_SIZE[sheet.per_page],
        smallest=5,
        padding=_padding(sheet),
    )


def _padding(sheet: _Sheet) -> float:
    """What a column needs besides its text: the cell's padding on both sides and a point."""
    return 2 * CELL_PADDING[sheet.per_page] + 1


def _row_height(rounds: int, sheet: _Sheet, font_size: float) -> float:
    """6.2 mm a line, less when the rounds would not fit the card (never below the text)."""
    if sheet.per_page == 1:
        return ROW_HEIGHT
    room = slot_size(sheet.per_page)[1] - 14 * mm - 2 * font_size
    if sheet.site:
        room -= QR_SIZE[sheet.per_page] - 6 * mm  # the code is taller than the heading
    return max(font_size * 1.3, min(ROW_HEIGHT, room / max(rounds, 1)))


def _wrapped_height(cell, width: float, padding: float) -> float:
    """The height a name cell needs: a paragraph's wrapped lines and the cell's padding."""
    if not isinstance(cell, Paragraph):
        return 0.0
    return cell.wrap(width - padding, 10_000)[1] + 4


def _rounds_table(entry: Entry, sheet: _Sheet) -> Table:
    lines = _lines(entry, sheet)
    fit = _fit(lines, sheet)
    name_width, cells = fit.widths[2], restyled(sheet.cells, fit.font_size)
    rounds = len(sheet.rounds)
    height = _row_height(rounds, sheet, fit.font_size)
    heights: list[float | None] = [None]
    for line in lines[1:]:
        # A long name wraps onto a second line, as on every other printout, and its line grows.
        line[2] = wrapped(cells, str(line[2]), name_width, padding=_padding(sheet))
        heights.append(max(height, _wrapped_height(line[2], name_width, _padding(sheet))))
    header = header_cells(
        lines[0], fit, cell_style(sheet.look.cell, fit.font_size), padding=_padding(sheet)
    )
    table = Table(
        [header, *lines[1:]],
        hAlign="LEFT",
        colWidths=fit.widths,
        repeatRows=1,
        rowHeights=heights,
    )
    style = grid_style(font_size=fit.font_size, zebra=False)
    style.add("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING[sheet.per_page])
    style.add("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING[sheet.per_page])
    style.add("ALIGN", (3, 0), (-1, -1), "CENTER")
    table.setStyle(style)
    return table
