"""The playoff bracket on paper: every series with its sides, wins and games, then the places."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from tournaments.models import Division
from tournaments.playoff_text import advantage_text, game_score, series_title
from tournaments.selectors.playoffs import PlayoffView, SeriesView, playoff_view

from .fit import Column, fitted_table
from .layout import Cells, dated_footer, render, styles


def build_bracket_pdf(division: Division, held: frozenset[int] = frozenset()) -> bytes:
    """The bracket as one table (a row per side of each series) and the places below it."""
    view = playoff_view(division, held)
    names = {"event": division.tournament.name, "division": division.name}
    title = _("%(event)s – %(division)s – playoff") % names
    look = styles()
    if view is None:
        cells = Cells([title], look.cell)
        story = [cells.paragraph(title, look.title), cells.paragraph(_("No playoff."), look.body)]
        return render(story, title=title, footer=dated_footer(title, division.tournament))
    lines = _series_lines(view)
    places = [
        [str(p.place), name, str(p.seed), "" if p.settled else _("not settled yet")]
        for p, name in view.places
    ]
    texts = [title, _settings_line(view), *(str(c) for line in lines + places for c in line)]
    cells = Cells(texts, look.cell)
    seed = pgettext("playoff position", "Seed")
    headers = [_("Series"), seed, _("Player"), _("Wins"), _("Games")]
    columns = [
        Column(h, [line[i] for line in lines], flex=1 if i in (2, 4) else 0)
        for i, h in enumerate(headers)
    ]
    place_columns = [
        Column(h, [line[i] for line in places], flex=1 if i == 1 else 0)
        for i, h in enumerate([_("Place"), _("Player"), seed, ""])
    ]
    story = [
        cells.paragraph(title, look.title),
        cells.paragraph(_settings_line(view), look.body),
        Spacer(1, 4 * mm),
        fitted_table(lines, columns, cells),
        Spacer(1, 6 * mm),
        cells.paragraph(_("Places"), look.heading),
        fitted_table(places, place_columns, cells),
    ]
    return render(story, title=title, footer=dated_footer(title, division.tournament))


def _settings_line(view: PlayoffView) -> str:
    stage = view.stage
    return _(
        "The top %(top)d after round %(after)d; series best of %(games)d, the final best of "
        "%(final)d. Higher seed's advantage: %(advantage)s"
    ) % {
        "top": stage.top,
        "after": stage.after_round,
        "games": stage.best_of,
        "final": stage.final_games,
        "advantage": advantage_text(view.stage),
    }


def _series_lines(view: PlayoffView) -> list[list[str]]:
    lines = []
    for _title, matches in view.levels:
        for series in matches:
            lines += _series(series)
    if view.third is not None:
        lines += _series(view.third)
    return lines


def _series(series: SeriesView) -> list[list[str]]:
    games = "; ".join(f"R{g.round} {g.first} – {g.second} {game_score(g)}" for g in series.games)
    found = []
    for index, side in enumerate(series.sides):
        label = series_title(series.title) if index == 0 else ""
        if side is None:
            name = _("bye") if series.bye else _("to be decided")
            found.append([label, "", name, "", games if index == 0 else ""])
            continue
        name = side.name + (" " + _("(won)") if side.won else "")
        found.append([label, str(side.seed), name, side.wins, games if index == 0 else ""])
    return found
