"""The rules sheet: one page per division for the players' tables, listing exactly the rules in
force as the same sentences the division page shows (``rule_texts``), in the reader's language.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from tournaments.models import Division
from tournaments.rule_texts import preset_name, rules_sentences

from . import fonts, thai
from .layout import Cells, dated_footer, render, styles


def build_rules_sheet_pdf(division: Division) -> bytes:
    """The rules of ``division`` (its own or its event's) on one page."""
    rules = division.rule_set()
    sentences = rules_sentences(rules)
    title = _("%(event)s – %(division)s") % {
        "event": division.tournament.name,
        "division": division.name,
    }
    heading = _("Rules: %(name)s") % {"name": preset_name(rules.name)}
    look = styles()
    rule_style = ParagraphStyle(
        "rule", look.body, fontSize=12, leading=16, leftIndent=6 * mm, bulletIndent=1 * mm,
        bulletFontName=fonts.SANS, bulletFontSize=12,
    )  # fmt: skip
    cells = Cells([title, heading, *sentences], look.cell)
    story: list = [
        cells.paragraph(title, look.title),
        Spacer(1, 2 * mm),
        cells.paragraph(heading, look.heading),
        Spacer(1, 4 * mm),
    ]
    for sentence in sentences:
        story.append(thai.paragraph(cells.fonts, sentence, rule_style, bullet="•"))
        story.append(Spacer(1, 2 * mm))
    return render(story, title=title, footer=dated_footer(title, division.tournament))
