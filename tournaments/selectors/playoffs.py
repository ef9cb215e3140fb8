"""Named reads of a division's playoff: its bracket as pages, the PDF, the feed and the command
show it (two queries: the division's entries and pairings, ``divisions.division_rows``). The
titles, scores and the advantage are values here; ``playoff_text`` writes them in words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..models import Division, Pairing
from ..results.formatting import fmt_wins
from ..results.playoff_games import pairing_game
from ..results.playoff_order import Place, playoff_places
from ..results.playoffs import (
    Bracket,
    Series,
    Stage,
    bracket,
    read_stage,
)
from .divisions import PairingRow, division_rows
from .held import NOTHING_HELD


class LevelTitle(NamedTuple):
    """Which level of how many (``playoff_text.level_title``: Final, Semi-finals, ...)."""

    level: int
    levels: int


class SeriesTitle(NamedTuple):
    """Which series: its key, level of how many, and place in its level counted from 1
    (``playoff_text.series_title``: Final, Semi-final 2, ...)."""

    key: str
    level: int
    levels: int
    index: int


@dataclass(frozen=True, slots=True)
class SideView:
    seed: int
    number: int
    name: str
    wins: str
    won: bool


@dataclass(frozen=True, slots=True)
class GameView:
    """One game of a series: its round, table, the two sides and their scores, the play-off
    word's winner and the game's kind (``playoff_text.game_score`` writes the score)."""

    round: int
    table: int | None
    first: str
    second: str
    first_score: int | None
    second_score: int | None
    playoff_winner: str | None
    kind: str


@dataclass(slots=True)
class SeriesView:
    key: str
    title: SeriesTitle
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
    levels: list[tuple[LevelTitle, list[SeriesView]]]
    third: SeriesView | None
    places: list[tuple[Place, str]]

    @property
    def finished(self) -> bool:
        return self.state.finished


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
        (LevelTitle(i, len(state.levels)), [shown.series(s, n) for n, s in enumerate(lv, 1)])
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
            SeriesTitle(series.key, series.level, len(self.state.levels), index),
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
        winner = None
        if row.playoff_winner_id is not None:
            winner = self.names.get(self.number[row.playoff_winner_id], "?")
        return GameView(
            row.round_number,
            row.table,
            first,
            second,
            row.first_score,
            row.second_score,
            winner,
            row.kind,
        )


# A ``PairingRow`` read with entry numbers in its id fields: ``outcomes`` only needs them the
# same for the same entry, and the bracket names entries by number.
_NUMBERED = (
    "pk",
    "round__number",
    "table",
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
    rows = map(PairingRow._make, query.order_by("round__number").values_list(*_NUMBERED))
    identity = _Identity()
    games = [pairing_game(row.round_number, row, identity) for row in rows]
    return bracket(stage, [g for g in games if g is not None]).finished


class _Identity(dict):
    def __missing__(self, key):
        return key
