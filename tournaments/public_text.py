"""The public pages' words: the rows ``selectors.public_pages`` reads (codes and figures) and
the statistics page's records and averages, in the reader's language (not a selector: pages,
feeds and printouts call it on what the selectors returned)."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .result_text import alone_word
from .results.crosstable import MARKER_TEXTS
from .results.formatting import fmt_average, fmt_score, fmt_spread
from .results.outcomes import Outcome
from .results.stats import EventStats, GameRecord
from .selectors.public_pages import FIRST, SECOND, PlayerPage, ResultMark

_UNPLAYED_LABELS = {
    Outcome.BYE: gettext_lazy("bye"),
    Outcome.HALF_BYE: gettext_lazy("bye"),
    Outcome.FORFEIT_WIN: gettext_lazy("forfeit win"),
    Outcome.FORFEIT_LOSS: gettext_lazy("forfeit loss"),
    Outcome.DOUBLE_FORFEIT: gettext_lazy("double forfeit"),
}
_PLAYED_MARKS = {
    Outcome.WIN: gettext_lazy("W"),
    Outcome.LOSS: gettext_lazy("L"),
    Outcome.TIE: gettext_lazy("T"),
}


_PLAYOFF_MARKS = {True: gettext_lazy("W (tie won)"), False: gettext_lazy("L (tie lost)")}


def side_label(side: str) -> str:
    """``1st``/``2nd`` for ``public_pages.side_of``'s code, else empty."""
    if side == FIRST:
        return _("1st")
    return _("2nd") if side == SECOND else ""


def result_label(mark: ResultMark | None) -> str:
    """The result from one side: ``W 420–380``, ``L``, ``bye``, ``forfeit`` or empty (not in)."""
    if mark is None:
        return ""
    if mark.outcome.played:
        playoff = mark.won_playoff
        sign = _PLAYED_MARKS[mark.outcome] if playoff is None else _PLAYOFF_MARKS[playoff]
        return f"{sign} {fmt_score(mark.points_for, mark.points_against)}"
    return str(_UNPLAYED_LABELS[mark.outcome])


def pairing_rows_in_words(rows: list[dict]) -> list[dict]:
    """``public_pages.pairings_by_name``'s rows with the side, opponent and result in words."""
    return [
        row
        | {
            "side": side_label(row["side"]),
            "opponent": alone_word(row["alone"]) if row["opponent"] is None else row["opponent"],
            "result": result_label(row["result"]),
        }
        for row in rows
    ]


def _line_in_words(line: dict) -> dict:
    words = {
        "side": side_label(line["side"]),
        "opponent": alone_word(line["alone"]) if line["opponent"] is None else line["opponent"],
    }
    if "marker" in line:
        words["outcome"] = _(MARKER_TEXTS.get(line["marker"], line["marker"]))
    return line | words


def player_page_in_words(page: PlayerPage) -> PlayerPage:
    """``public_pages.player_page_of``'s page with each game's side, opponent and outcome in words."""
    return replace(
        page,
        next_game=None if page.next_game is None else _line_in_words(page.next_game),
        rounds=[_line_in_words(line) for line in page.rounds],
    )


def record_lines(stats: EventStats, name: dict[int, str]) -> list[tuple[str, list[str]]]:
    """The statistics page's records as (label, lines) with names, e.g. ``600: Ann 600–300 v Ben``."""

    def game(g: GameRecord, figure) -> str:
        return _("%(figure)s: %(player)s %(score)d–%(against)d v %(opponent)s, round %(round)d") % {
            "figure": figure,
            "player": name.get(g.player, "?"),
            "score": g.score,
            "against": g.opponent_score,
            "opponent": name.get(g.opponent, "?"),
            "round": g.round,
        }

    lines = [
        (_("High game"), [game(g, g.score) for g in stats.high_game]),
        (_("High loss"), [game(g, g.score) for g in stats.high_loss]),
        (_("High win"), [game(g, fmt_spread(g.spread)) for g in stats.high_win]),
        (_("Low win"), [game(g, g.score) for g in stats.low_win]),
        (_("High combined"), [game(g, g.combined) for g in stats.high_combined]),
        (
            _("Biggest upset"),
            [
                game(u.game, _("%(diff)d rating points") % {"diff": u.difference})
                for u in stats.biggest_upset
            ],
        ),
    ]
    return lines


def average_lines(stats: EventStats) -> list[tuple[str, str]]:
    """The averages as (label, figure), one decimal: the statistics page and the final report."""
    return [
        (_("Games"), str(stats.games)),
        (_("Average score"), fmt_average(stats.average_score, "–")),
        (_("Average winning score"), fmt_average(stats.average_winning_score, "–")),
        (_("Average losing score"), fmt_average(stats.average_losing_score, "–")),
        (_("Average combined score"), fmt_average(stats.average_combined, "–")),
    ]
