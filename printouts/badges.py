"""Player cards (badges): a card per player, four to a page, with their name, division and the
QR code of their personal link, where they check in, find their table and report their scores.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from tournaments.models import Division

from .fit import cell_style, text_width
from .layout import Cells, dated_footer, styles
from .qr import entry_code, short_address
from .sheets import render_cut_sheets, slot_size

QR_SIZE = 45 * mm
SMALLEST = 7  # points: the name's size when its longest word is very long


def _name_style(base, name: str):
    """The name large, but small enough that its longest word fits the card's width (a word
    broken across lines reads as two)."""
    width = slot_size(4)[0] - 2
    longest = max((text_width(word, 1) for word in name.split()), default=0)
    size = base.fontSize if longest == 0 else min(base.fontSize, width / longest)
    return cell_style(base, max(SMALLEST, int(size)))


def build_badges_pdf(division: Division, *, site: str = "") -> bytes:
    """A card per entry of ``division`` by number, four to a page; the QR codes need ``site``
    (the site's address), without which the cards only name the players."""
    entries = list(division.entries.select_related("player").order_by("number"))
    tournament = division.tournament
    title = _("%(event)s – %(division)s – player cards") % {
        "event": tournament.name,
        "division": division.name,
    }
    look = styles()
    caption = _("Scan with your phone: check in, find your table, report your scores.")
    cells = Cells([title, caption, *(e.player.name for e in entries)], look.title)
    cards = []
    for entry in entries:
        card = [
            cells.paragraph(
                entry.player.name, _name_style(look.title, entry.player.name), bold=True
            ),
            cells.paragraph(f"#{entry.number} · {tournament.name} – {division.name}", look.body),
            Spacer(1, 4 * mm),
        ]
        if site:
            code = entry_code(site, tournament.slug, entry.pk, QR_SIZE, entry.link_generation)
            address = short_address(site, entry.pk, entry.link_generation)
            typed = _("or type %(address)s") % {"address": address}
            card += [code, cells.paragraph(caption, look.body), cells.paragraph(typed, look.body)]
        cards.append(card)
    if not cards:
        cards = [[Paragraph(_("No players."), look.body)]]
    return render_cut_sheets(cards, per_page=4, title=title, footer=dated_footer(title, tournament))
