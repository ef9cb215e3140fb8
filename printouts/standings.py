"""Standings of a division after any round."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from tournaments import entry_text
from tournaments.models import Division, Pairing
from tournaments.results.formatting import fmt_average, fmt_record, fmt_spread
from tournaments.results.standings import StandingRow
from tournaments.selectors.divisions import division_results

from .fit import Column, fitted_table
from .layout import Cells, dated_footer, render, styles


def build_standings_pdf(
    division: Division, through_round: int | None = None, *, held: frozenset[int] = frozenset()
) -> bytes:
    """Rank, player, record, spread, average and high game after ``through_round`` (None: all)."""
    found = division_results(division, held)
    rows = found.standings(through_round=through_round)
    title = _title(division, through_round)
    look = styles()
    lines = [
        [
            row.rank,
            row.player,
            marked_name(row),
            row.rating,  # as the page and the CSV write it: a rating of 0 reads 0
            fmt_record(row.wins, row.losses),
            fmt_spread(row.spread),
            fmt_average(row.average_score),
            row.high_game if row.high_game is not None else "",
        ]
        for row in rows
    ]
    headers = ["", "#", _("Player"), _("Rating"), _("Won–lost"), _("Spread"), _("Average")]
    headers.append(_("High"))
    columns = [
        Column(header, [line[i] for line in lines], flex=1 if i == 2 else 0)
        for i, header in enumerate(headers)
    ]
    provisional = provisional_text(games_missing(found.pairings, through_round))
    cells = Cells([title, provisional, *(line[2] for line in lines)], look.cell)
    table = fitted_table(lines, columns, cells, align=(3, "RIGHT"))
    story = [cells.paragraph(title, look.title), Spacer(1, 4 * mm)]
    if provisional:
        story += [cells.paragraph(provisional, look.body, bold=True), Spacer(1, 3 * mm)]
    story.append(table)
    return render(story, title=title, footer=dated_footer(title, division.tournament))


def marked_name(row: StandingRow) -> str:
    """A standing's name, "(withdrawn)" after it once the player has withdrawn."""
    return entry_text.marked_name(row.name, row.withdrawn)


def provisional_text(missing: int) -> str:
    """The line that marks standings with ``missing`` games still to come ("" with none)."""
    if not missing:
        return ""
    text = ngettext(
        "Provisional: %(count)d game missing", "Provisional: %(count)d games missing", missing
    )
    return text % {"count": missing}


def games_missing(pairings: list[Pairing], through_round: int | None) -> int:
    """Played games up to ``through_round`` (None: every round) still waiting for a score."""
    return sum(
        1
        for p in pairings
        if p.second_id is not None
        and not p.is_reported
        and (through_round is None or p.round.number <= through_round)
    )


def _title(division: Division, through_round: int | None) -> str:
    names = {"event": division.tournament.name, "division": division.name}
    if through_round is None:
        return _("%(event)s – %(division)s – standings") % names
    return _("%(event)s – %(division)s – standings after round %(round)d") % (
        names | {"round": through_round}
    )
