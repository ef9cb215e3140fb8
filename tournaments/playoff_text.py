"""A playoff in words: the titles of its levels and series, each game's score, the higher seed's
advantage and the bracket as plain lines (``manage.py playoff``), from the values
``selectors.playoffs`` reads, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import Division
from .results.playoffs import FINAL, FIRST_MOVE, HEAD_START, NO_ADVANTAGE, Stage
from .selectors.playoffs import GameView, LevelTitle, SeriesTitle, SeriesView, playoff_view

ADVANTAGE_TITLES = {
    FIRST_MOVE: gettext_lazy("The higher seed moves first in game 1"),
    HEAD_START: gettext_lazy("The higher seed starts one game up"),
    NO_ADVANTAGE: gettext_lazy("None (game 1's first player is drawn)"),
}


def advantage_text(stage: Stage) -> str:
    return str(ADVANTAGE_TITLES[stage.advantage])


def level_title(title: LevelTitle) -> str:
    from_end = title.levels - 1 - title.level
    if from_end == 0:
        return _("Final")
    if from_end == 1:
        return _("Semi-finals")
    if from_end == 2:
        return _("Quarter-finals")
    return _("Round %(number)d") % {"number": title.level + 1}


def series_title(title: SeriesTitle) -> str:
    from_end = title.levels - 1 - title.level
    index = title.index
    if title.key == FINAL:
        return _("Final")
    if title.level == title.levels - 1:
        return _("Third-place match")
    if from_end == 1:
        return _("Semi-final %(number)d") % {"number": index}
    if from_end == 2:
        return _("Quarter-final %(number)d") % {"number": index}
    return _("Round %(round)d, match %(number)d") % {"round": title.level + 1, "number": index}


def game_score(game: GameView) -> str:
    """``420–380``, with the winner of a tie its rules broke (a play-off word, or who led before
    the racks), in the words every result uses; a forfeit in words."""
    if game.kind == "forfeit":
        return _("forfeit")
    if game.kind == "double_forfeit":
        return _("double forfeit")
    if game.first_score is None or game.second_score is None:
        return "–"
    score = f"{game.first_score}–{game.second_score}"
    if game.playoff_winner is not None:
        score += " " + _("(tie won by %(name)s)") % {"name": game.playoff_winner}
    return score


def bracket_lines(division: Division, stage: Stage) -> list[str]:
    """The bracket as plain text lines (``manage.py playoff``)."""
    view = playoff_view(division)
    lines = []
    for title, matches in view.levels:
        lines.append(level_title(title))
        final = title.level == title.levels - 1
        for s in [*matches, *([view.third] if view.third and final else [])]:
            lines.append("  " + _series_line(s))
    lines.append(_("Places"))
    lines += [f"  {p.place}. {name}" + ("" if p.settled else " *") for p, name in view.places]
    return lines


def _series_line(s: SeriesView) -> str:
    title = series_title(s.title)
    if s.bye:
        return f"{title}: {s.high.name} ({_('bye')})"
    high = f"({s.high.seed}) {s.high.name} {s.high.wins}" if s.high else "?"
    low = f"{s.low.wins} {s.low.name} ({s.low.seed})" if s.low else "?"
    return f"{title}: {high} – {low}"
