"""A club's ladder (league table) over a period, printed on A4."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from printouts.fit import Column, fitted_table
from printouts.layout import Cells, render, styles

from ..rating_text import rating_change_text
from ..selectors import LadderRow


def build_ladder_pdf(club_name: str, period: str, rows: list[LadderRow]) -> bytes:
    """Rank, player, games, wins, spread and rating change of each player, in ladder order."""
    look = styles()
    title = _("%(club)s ladder, %(period)s") % {"club": club_name, "period": period}
    lines = [
        [
            row.rank,
            row.name,
            row.games,
            row.wins_text,
            row.spread_text,
            rating_change_text(row),
        ]
        for row in rows
    ]
    headers = ["#", _("Player"), _("Games"), _("Wins"), _("Spread"), _("Rating change")]
    columns = [
        Column(header, [line[i] for line in lines], flex=1 if i == 1 else 0)
        for i, header in enumerate(headers)
    ]
    cells = Cells([title, *(line[1] for line in lines)], look.cell)
    story = [cells.paragraph(title, look.title), Spacer(1, 4 * mm)]
    if lines:
        story.append(fitted_table(lines, columns, cells, align=(2, "RIGHT")))
    else:
        story.append(cells.paragraph(_("No games in this period."), look.body))
    return render(story, title=title, footer=title)
