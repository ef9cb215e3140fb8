"""Named reads of a division's playoff: its bracket as pages, the PDF, the feed and the command
show it (two queries: the division's entries and pairings, ``divisions.division_rows``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..models import Division, Pairing
from ..results.formatting import fmt_wins
from ..results.playoff_games import pairing_game
from ..results.playoff_order import Place, playoff_places
from ..results.playoffs import (
    FINAL,
    FIRST_MOVE,
    HEAD_START,
    NO_ADVANTAGE,
    Bracket,
    Series,
    Stage,
    bracket,
    read_stage,
)
from .divisions import PairingRow, division_rows
from .held import NOTHING_HELD

ADVANTAGE_TITLES = {
    FIRST_MOVE: gettext_lazy("The higher seed moves first in game 1"),
    HEAD_START: gettext_lazy("The higher seed starts one game up"),
    NO_ADVANTAGE: gettext_lazy("None (game 1's first player is drawn)"),
}


@dataclass(frozen=True, slots=True)
class SideView:
    seed: int
    number: int
    name: str
    wins: str
    won: bool


@dataclass(frozen=True, slots=True)
class GameView:
    """One game of a series: its round, table and the two sides' scores as the page shows."""

    round: int
    table: int | None
    first: str
    second: str
    score: str


@dataclass(slots=True)
class SeriesView:
    key: str
    title: str
    best_of: int
    bye: bool
    decided: bool
    high: SideView | None = None
    low: SideView | None = None
    games: list[GameView] = field(default_factory=list)

    @property
    def sides(self) -> list[SideView | None]:
        return [self.high, self.low]


@dataclass(slots=True)
class PlayoffView:
    stage: Stage
    state: Bracket
    levels: list[tuple[str, list[SeriesView]]]
    third: SeriesView | None
    places: list[tuple[Place, str]]

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def advantage_text(self) -> str:
        return str(ADVANTAGE_TITLES[self.stage.advantage])


def level_title(level: int, levels: int) -> str:
    from_end = levels - 1 - level
    if from_end == 0:
        return _("Final")
    if from_end == 1:
        return _("Semi-finals")
    if from_end == 2:
        return _("Quarter-finals")
    return _("Round %(number)d") % {"number": level + 1}


def series_title(series: Series, index: int, levels: int) -> str:
    from_end = levels - 1 - series.level
    if series.key == FINAL:
        return _("Final")
    if series.level == levels - 1:
        return _("Third-place match")
    if from_end == 1:
        return _("Semi-final %(number)d") % {"number": index}
    if from_end == 2:
        return _("Quarter-final %(number)d") % {"number": index}
    return _("Round %(round)d, match %(number)d") % {"round": series.level + 1, "number": index}


def playoff_view(division: Division, held: frozenset[int] = NOTHING_HELD) -> PlayoffView | None:
    """The division's playoff as the pages show it, or None without one; the results ``held``
    back by a broadcast delay read as not yet played (``selectors.held``)."""
    stage = read_stage(division.playoff)
    if stage is None:
        return None
    found = division_rows(division, held)
    names = {e.number: e.name for e in found.entries}
    number = {e.pk: e.number for e in found.entries}
    rows = [p for p in found.pairings if p.round_number > stage.after_round]
    games = [pairing_game(p.round_number, p, number) for p in rows]
    state = bracket(stage, [g for g in games if g is not None])
    shown = _Shown(state, names, number, rows)
    levels = [
        (level_title(i, len(state.levels)), [shown.series(s, n) for n, s in enumerate(lv, 1)])
        for i, lv in enumerate(state.levels)
    ]
    third = shown.series(state.third, 1) if state.third else None
    places = [(p, names.get(p.number, "?")) for p in playoff_places(state)]
    return PlayoffView(stage, state, levels, third, places)


@dataclass(slots=True)
class _Shown:
    state: Bracket
    names: dict[int, str]
    number: dict[int, int]
    rows: list[PairingRow]

    def series(self, series: Series, index: int) -> SeriesView:
        view = SeriesView(
            series.key,
            series_title(series, index, len(self.state.levels)),
            series.best_of,
            series.bye,
            series.decided,
        )
        view.high = self._side(series, series.high, series.high_wins)
        view.low = self._side(series, series.low, series.low_wins)
        if series.high is not None and series.low is not None:
            pair = {self.state.number(series.high), self.state.number(series.low)}
            view.games = [self._game(p) for p in self.rows if self._numbers(p) == pair]
        return view

    def _side(self, series: Series, seed: int | None, wins: float) -> SideView | None:
        if seed is None:
            return None
        number = self.state.number(seed)
        shown = "" if series.bye else fmt_wins(wins)
        return SideView(seed, number, self.names.get(number, "?"), shown, series.winner == seed)

    def _numbers(self, row: PairingRow) -> set[int]:
        return {self.number.get(row.first_id), self.number.get(row.second_id)}

    def _game(self, row: PairingRow) -> GameView:
        first = self.names.get(self.number[row.first_id], "?")
        second = self.names.get(self.number[row.second_id], "?")
        if row.first_score is None or row.second_score is None:
            score = "–"
        else:
            score = f"{row.first_score}–{row.second_score}"
            if row.playoff_winner_id is not None:
                winner = self.names.get(self.number[row.playoff_winner_id], "?")
                score += " " + _("(play-off word: %(name)s)") % {"name": winner}
        if row.kind == "forfeit":
            score = _("forfeit")
        elif row.kind == "double_forfeit":
            score = _("double forfeit")
        return GameView(row.round_number, row.table, first, second, score)


class _NumberedPairing(NamedTuple):
    """A pairing read with entry numbers where ``outcomes`` reads ids (they only need to be
    the same for the same entry)."""

    round_number: int
    first_id: int
    second_id: int | None
    kind: str
    sides_known: bool
    first_score: int | None
    second_score: int | None
    forfeited_by_id: int | None
    playoff_winner_id: int | None


_NUMBERED = (
    "round__number",
    "first__number",
    "second__number",
    "kind",
    "sides_known",
    "first_score",
    "second_score",
    "forfeited_by__number",
    "playoff_winner__number",
)


def playoff_finished(division: Division) -> bool | None:
    """Whether every series of the division's playoff is decided (None: no playoff); one
    query."""
    stage = read_stage(division.playoff)
    if stage is None:
        return None
    query = Pairing.objects.filter(round__division=division, round__number__gt=stage.after_round)
    rows = map(_NumberedPairing._make, query.order_by("round__number").values_list(*_NUMBERED))
    identity = _Identity()
    games = [pairing_game(row.round_number, row, identity) for row in rows]
    return bracket(stage, [g for g in games if g is not None]).finished


class _Identity(dict):
    def __missing__(self, key):
        return key


def bracket_lines(division: Division, stage: Stage) -> list[str]:
    """The bracket as plain text lines (``manage.py playoff``)."""
    view = playoff_view(division)
    lines = []
    for title, matches in view.levels:
        lines.append(title)
        for s in [*matches, *([view.third] if view.third and title == _("Final") else [])]:
            lines.append("  " + _series_line(s))
    lines.append(_("Places"))
    lines += [f"  {p.place}. {name}" + ("" if p.settled else " *") for p, name in view.places]
    return lines


def _series_line(s: SeriesView) -> str:
    if s.bye:
        return f"{s.title}: {s.high.name} ({_('bye')})"
    high = f"({s.high.seed}) {s.high.name} {s.high.wins}" if s.high else "?"
    low = f"{s.low.wins} {s.low.name} ({s.low.seed})" if s.low else "?"
    return f"{s.title}: {high} – {low}"
