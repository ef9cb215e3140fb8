"""Result slips: one per table, four to a page, to be cut apart and handed in after the game."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table

from tournaments.models import Division
from tournaments.selectors.rounds import round_pairings

from . import fonts
from .fit import wrapped
from .layout import GRID, SHADE, Cells, dated_footer, render, styles
from .qr import entry_code, short_address

SMALL = ParagraphStyle("slip-address", fontName=fonts.SANS, fontSize=7, leading=8)
NAME_WIDTH = 78 * mm
QR_SIZE = 16 * mm
# The signature column, and the QR codes' beside it (none without a site address).
SIGNATURE_AND_CODE = {False: (50 * mm, 0), True: (32 * mm, QR_SIZE + 2 * mm)}


def build_result_slips_pdf(division: Division, round_number: int, *, site: str = "") -> bytes:
    """A slip per played table of round ``round_number``: names, who goes first, boxes to sign;
    with ``site``, each player's row has the QR code of their personal link, where they report
    the scores from their phone."""
    pairings = [p for p in round_pairings(division, round_number) if p.second_id is not None]
    title = _("%(event)s – %(division)s – round %(round)d result slips") % {
        "event": division.tournament.name,
        "division": division.name,
        "round": round_number,
    }
    look = styles(cell_size=11)
    names = [e.player.name for p in pairings for e in (p.first, p.second)]
    cells = Cells([title, *names], look.cell)
    heading = f"{division.tournament.name} – {division.name}"
    story: list = []
    for p in pairings:
        slip = _slip(p, heading, round_number, cells, _codes(p, site, division.tournament.slug))
        story.append(KeepTogether([slip, Spacer(1, 8 * mm)]))
    if not story:
        story.append(Paragraph(_("No games to report in this round."), look.body))
    return render(story, title=title, footer=dated_footer(title, division.tournament))


def _codes(p, site: str, slug: str) -> list:
    """The QR codes of the two players' personal links (``site`` empty: none)."""
    if not site:
        return []
    return [
        [
            entry_code(site, slug, e.pk, QR_SIZE, e.link_generation),
            short_address(site, e.pk, e.link_generation),
        ]
        for e in (p.first, p.second)
    ]


def _slip(p, heading: str, round_number: int, cells: Cells, codes: list) -> Table:
    where = _("Round %(round)d – table %(table)s") % {
        "round": round_number,
        "table": p.table or "–",
    }
    sides = (_("goes first"), _("goes second")) if p.sides_known else (_("toss for first"), "")
    site = bool(codes)
    codes = codes or [["", ""], ["", ""]]
    rows = [
        [wrapped(cells, heading, 106 * mm), "", where, "", ""],
        ["", _("Player"), _("Score"), _("Signature"), _("Report") if site else ""],
    ]
    for side, entry, (code, address) in zip(sides, (p.first, p.second), codes, strict=True):
        name = wrapped(cells, f"#{entry.number} {entry.player.name}", NAME_WIDTH)
        # The address to type instead of scanning, under the name (issue 33).
        if isinstance(name, str) and address:
            name = cells.paragraph(name, cells.style)
        typed = [name, cells.paragraph(address, SMALL)] if address else name
        rows.append([side, typed, "", "", code])
    line = QR_SIZE + 2 * mm if site else 13 * mm
    table = Table(
        rows,
        hAlign="LEFT",
        colWidths=[28 * mm, NAME_WIDTH, 30 * mm, *SIGNATURE_AND_CODE[site]],
        rowHeights=[8 * mm, 6 * mm, line, line],
    )
    table.setStyle(
        [
            ("FONTNAME", (0, 0), (-1, -1), fonts.SANS),
            ("FONTSIZE", (0, 0), (-1, -1), 11),
            ("FONTNAME", (0, 0), (-1, 0), fonts.SANS_BOLD),
            ("SPAN", (0, 0), (1, 0)),
            ("SPAN", (2, 0), (4, 0)),
            ("ALIGN", (2, 0), (4, 0), "RIGHT"),
            ("FONTSIZE", (0, 1), (-1, 1), 8),
            ("BACKGROUND", (0, 1), (-1, 1), SHADE),
            ("FONTSIZE", (0, 2), (0, -1), 8),
            ("BOX", (0, 0), (-1, -1), 1, GRID),
            ("GRID", (0, 1), (-1, -1), 0.5, GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]
    )
    return table
