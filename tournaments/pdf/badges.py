"""Player cards (badges): a card per player, four to a page, with their name, division and the
QR code of their personal link, where they check in, find their table and report their scores.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from ..models import Division
from .layout import Cells, dated_footer, styles
from .qr import entry_code
from .sheets import render_cut_sheets

QR_SIZE = 45 * mm


def build_badges_pdf(division: Division, *, site: str = "") -> bytes:
    """A card per entry of ``division`` by number, four to a page; the QR codes need ``site``
    (the site's address), without which the cards only name the players."""
    entries = list(division.entries.select_related("player").order_by("number"))
    tournament = division.tournament
    title = _("%(event)s – %(division)s – player cards") % {
        "event": tournament.name,
        "division": division.name,
    }
    look = styles(big_size=22)
    caption = _("Scan with your phone: check in, find your table, report your scores.")
    cells = Cells([title, caption, *(e.player.name for e in entries)], look.big)
    cards = []
    for entry in entries:
        card = [
            cells.paragraph(entry.player.name, look.big, bold=True),
            cells.paragraph(f"#{entry.number} · {tournament.name} – {division.name}", look.body),
            Spacer(1, 4 * mm),
        ]
        if site:
            code = entry_code(site, tournament.slug, entry.pk, QR_SIZE)
            card += [code, cells.paragraph(caption, look.body)]
        cards.append(card)
    if not cards:
        cards = [[Paragraph(_("No players."), look.body)]]
    return render_cut_sheets(cards, per_page=4, title=title, footer=dated_footer(title, tournament))
