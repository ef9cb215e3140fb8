"""The prize list and the prize certificates (cheque sheet) of a division.

Both read the prize engine (``selectors.prizes.division_prizes``), exactly what the prize page
shows: the same holders, shares, trophies and what rounding left to the organiser.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table

from tournaments.models import Division
from tournaments.prize_texts import band_label, prize_rule_sentences
from tournaments.results.prize_money import fmt_money
from tournaments.selectors.prizes import DivisionPrizes, division_prizes

from . import fonts
from .fit import Column, fitted_table
from .layout import Cells, dated_footer, render, styles


def _place(first: int, last: int) -> str:
    if first == last:
        return str(first)
    return _("%(first)d–%(last)d (tied)") % {"first": first, "last": last}


def prize_rows(found: DivisionPrizes) -> list[list[str]]:
    """(prize, place, player, money, trophy, figure), one line per player receiving a prize."""
    labels = {band.key: band_label(band) for band in found.bands}
    currency = found.settings.currency
    lines = []
    for prize in found.prizes:
        place = _place(prize.first, prize.last)
        for number, share, trophy in zip(prize.players, prize.shares, prize.trophies, strict=True):
            money = fmt_money(share, currency) if share else ""
            name = found.names.get(number, "?")
            lines.append([labels[prize.band], place, name, money, trophy, prize.figure])
    return lines


def build_prize_list_pdf(division: Division, held: frozenset[int] = frozenset()) -> bytes:
    """Every prize with its holders, money and trophy; the rules of ties and rounding; totals."""
    found = division_prizes(division, held)
    title = _("%(event)s – %(division)s – prize list") % {
        "event": division.tournament.name,
        "division": division.name,
    }
    lines = prize_rows(found)
    look = styles(cell_size=10)
    rules = prize_rule_sentences(found.settings)
    cells = Cells([title, *rules, *(text for line in lines for text in line)], look.cell)
    story: list = [cells.paragraph(title, look.title), Spacer(1, 4 * mm)]
    story += [cells.paragraph(sentence, look.body) for sentence in rules]
    story.append(Spacer(1, 4 * mm))
    if lines:
        headers = [_("Prize"), _("Place"), _("Player"), _("Money"), _("Trophy"), _("Figure")]
        columns = [
            Column(header, [line[i] for line in lines], flex={0: 1, 2: 2}.get(i, 0))
            for i, header in enumerate(headers)
        ]
        story.append(fitted_table(lines, columns, cells, header=True))
    else:
        story.append(Paragraph(_("Nobody holds a prize yet."), look.body))
    story += [Spacer(1, 4 * mm), *_totals(found, cells, look)]
    return render(story, title=title, footer=dated_footer(title, division.tournament))


def _totals(found: DivisionPrizes, cells: Cells, look) -> list:
    currency = found.settings.currency
    out = []
    if found.paid:
        out.append(
            cells.paragraph(
                _("Paid out: %(paid)s") % {"paid": fmt_money(found.paid, currency)}, look.body
            )
        )
    if found.kept:
        kept = _("Left over from rounding, kept by the organiser: %(kept)s") % {
            "kept": fmt_money(found.kept, currency)
        }
        out.append(cells.paragraph(kept, look.body))
    return out


def build_prize_certificates_pdf(division: Division) -> bytes:
    """One certificate (cheque slip) per prize held: event, player, prize and place, the amount
    and trophy when the prize has them (a high game with no money still earns its certificate),
    and lines for the player's and the director's signature."""
    found = division_prizes(division)
    event = division.tournament.name
    title = _("%(event)s – %(division)s – prize certificates") % {
        "event": event,
        "division": division.name,
    }
    lines = prize_rows(found)
    look = styles(cell_size=11, big_size=18)
    signed = [_("Received by the player"), _("Tournament director")]
    texts = [title, event, _("Prize certificate"), _("Awarded to"), *signed]
    cells = Cells([*texts, *(text for line in lines for text in line)], look.cell)
    story: list = []
    for label, place, name, money, trophy, _figure in lines:
        story.append(
            _certificate(cells, look, event, division.name, label, place, name, money, trophy)
        )
        story.append(Spacer(1, 8 * mm))
    if not story:
        story.append(cells.paragraph(title, look.title))
        story.append(Paragraph(_("Nobody holds a prize yet."), look.body))
    return render(story, title=title, footer=dated_footer(title, division.tournament))


def _certificate(cells, look, event, division, label, place, name, money, trophy) -> KeepTogether:
    parts = [
        cells.paragraph(_("Prize certificate"), look.title),
        cells.paragraph(f"{event} – {division}", look.body),
        Spacer(1, 3 * mm),
        cells.paragraph(_("Awarded to"), look.body),
        cells.paragraph(name, look.big, bold=True),
        cells.paragraph(
            _("%(prize)s, place %(place)s") % {"prize": label, "place": place}, look.body
        ),
    ]
    if money:
        parts.append(cells.paragraph(_("Amount: %(money)s") % {"money": money}, look.heading))
    if trophy:
        parts.append(cells.paragraph(_("Trophy: %(trophy)s") % {"trophy": trophy}, look.body))
    signatures = Table(
        [["", "", ""], [cells(_("Received by the player")), "", cells(_("Tournament director"))]],
        colWidths=[70 * mm, 20 * mm, 70 * mm],
        style=[("FONTNAME", (0, 0), (-1, -1), fonts.SANS), ("LINEABOVE", (0, 1), (0, 1), 0.5, "black"), ("LINEABOVE", (2, 1), (2, 1), 0.5, "black"),
               ("TOPPADDING", (0, 0), (-1, 0), 12 * mm)],
    )  # fmt: skip
    return KeepTogether([*parts, Spacer(1, 2 * mm), signatures])
