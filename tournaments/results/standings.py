"""Standings of a division, computed by a pure function from game results.

Input is one ``GameResult`` row per player per round: a played game therefore appears twice,
once from each side (``score``/``opponent_score`` swapped). That keeps every count a plain
sum over a player's own rows and lets a bye, a forfeit or a withdrawal touch only the player
it belongs to. Nothing here imports Django; the services layer maps models to these values.

Counting rules (every default can be changed in ``StandingsSettings``):

- played game: a win, a loss, or a tie counted as half a win and half a loss; spread is
  ``score - opponent_score``; only played games feed cumulative score, averages and high game;
- bye: a win with spread ``+bye_spread`` (default +50); ``count_byes_in_games=False`` records
  the bye in ``byes`` only, adding nothing to wins, losses, spread or games;
- half bye: half a win and half a loss with spread 0;
- forfeit: the winner gets a win and ``+forfeit_spread``, the loser a loss and
  ``-forfeit_spread`` (default 50 each way);
- double forfeit: a loss for each player, spread ``double_forfeit_spread`` each (default -50);
- a row may carry its own ``spread`` for a bye or forfeit (as TSH files do); it then wins over
  the setting.

``wins + losses == games`` always holds. Withdrawn players keep their rows and their record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from core.refusal import Refusal, gettext_noop

from .outcomes import Outcome, played_worth

UNKNOWN_PLAYER = gettext_noop(
    "Round %(round)d names player %(player)d, who is not in the division."
)
UNKNOWN_TIEBREAK = gettext_noop("Unknown tie-break %(tiebreak)s.")
MISSING_SCORE = gettext_noop(
    "Round %(round)d of player %(player)d is a played game without both scores."
)
DUPLICATE_PLAYER = gettext_noop("Player %(player)d is listed more than once.")


class StandingsError(Refusal):
    """Results the standings cannot be computed from."""


class ResultKind(Enum):
    """How a player's round ended."""

    PLAYED = "played"
    BYE = "bye"
    HALF_BYE = "half_bye"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"


TIEBREAKS = ("spread", "cumulative", "head_to_head")


def division_tiebreaks(chosen: Sequence[str] = ()) -> tuple[str, ...]:
    """A division's tie-breaks: spread always first, then its own ``chosen`` ones (none chosen:
    players level on wins and spread share a place)."""
    return ("spread", *(name for name in chosen if name != "spread"))


# Each unplayed kind is the outcome of the same name (``game_rows`` maps one onto the other).
_UNPLAYED_OUTCOME = {
    kind: Outcome(kind.value) for kind in ResultKind if kind is not ResultKind.PLAYED
}


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """An entry of the division as the standings need it."""

    number: int
    name: str
    rating: int = 0
    withdrawn: bool = False


class GameResult(NamedTuple):
    """One player's result in one round (a played game has one row for each side).

    A named tuple (immutable like a frozen dataclass, built three times faster): a 400-player,
    31-round division is 12,400 of them on every snapshot build.

    ``opponent`` is ``None`` for a bye; ``score``/``opponent_score`` are ``None`` unless the game
    was played. ``spread`` overrides the settings' spread for a bye or forfeit.
    """

    round: int
    player: int
    opponent: int | None
    score: int | None
    opponent_score: int | None
    kind: ResultKind = ResultKind.PLAYED
    went_first: bool | None = None
    spread: int | None = None
    # A tied game its rules still gave a winner (a play-off word, or who led before the racks;
    # docs/RULES.md, Ties): whether this player won it.
    won_playoff: bool | None = None


@dataclass(frozen=True, slots=True)
class StandingsSettings:
    """Director's choices for counting byes and forfeits and for breaking ties.

    ``withdrawn_last`` ranks withdrawn players after every active one (as TSH does once a player
    is marked ``off``); by default they are ranked by their record like everyone else.
    """

    bye_spread: int = 50
    forfeit_spread: int = 50
    double_forfeit_spread: int = -50
    count_byes_in_games: bool = True
    tiebreaks: tuple[str, ...] = TIEBREAKS
    withdrawn_last: bool = False


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A player's line in the standings. ``rank`` is shared by players equal on every key."""

    rank: int
    player: int
    name: str
    wins: float
    losses: float
    spread: int
    games: int
    games_played: int
    byes: int
    forfeits: int
    points_for: int
    points_against: int
    average_score: float | None
    average_opponent_score: float | None
    firsts: int
    seconds: int
    high_game: int | None
    opponents: tuple[int, ...]
    rating: int
    withdrawn: bool
    head_to_head: float = 0.0


@dataclass(slots=True)
class _Tally:
    """Running totals of one player while the results are read (mutable on purpose: speed)."""

    info: PlayerInfo
    wins: float = 0.0
    losses: float = 0.0
    spread: int = 0
    games: int = 0
    games_played: int = 0
    byes: int = 0
    forfeits: int = 0
    points_for: int = 0
    points_against: int = 0
    firsts: int = 0
    seconds: int = 0
    high_game: int | None = None
    opponents: list[int] = field(default_factory=list)
    # (opponent, win value) of played games, for head-to-head.
    meetings: list[tuple[int, float]] = field(default_factory=list)
    head_to_head: float = 0.0
    # 1 for players ranked normally, 0 for withdrawn ones when they go last.
    active: int = 1


def standings(
    players: Sequence[PlayerInfo],
    results: Iterable[GameResult],
    *,
    through_round: int | None = None,
    settings: StandingsSettings | None = None,
) -> list[StandingRow]:
    """Rank ``players`` from their ``results`` (rounds after ``through_round`` ignored).

    Order: wins, then ``settings.tiebreaks`` in order, then player number for display only
    (withdrawn players last first when ``settings.withdrawn_last``).
    Players equal on wins and every tie-break share a rank (1, 2, 2, 4). Runs in
    O(results + players log players).
    """
    settings = settings or StandingsSettings()
    for name in settings.tiebreaks:
        if name not in TIEBREAKS:
            raise StandingsError(UNKNOWN_TIEBREAK, tiebreak=name)
    tallies = _tally_results(players, results, through_round, settings)
    if settings.withdrawn_last:
        for tally in tallies.values():
            tally.active = 0 if tally.info.withdrawn else 1
    ordered = _order(list(tallies.values()), settings.tiebreaks)
    return _rank(ordered, settings.tiebreaks)


def _tally_results(
    players: Sequence[PlayerInfo],
    results: Iterable[GameResult],
    through_round: int | None,
    settings: StandingsSettings,
) -> dict[int, _Tally]:
    tallies: dict[int, _Tally] = {}
    for info in players:
        if info.number in tallies:
            raise StandingsError(DUPLICATE_PLAYER, player=info.number)
        tallies[info.number] = _Tally(info)
    for result in results:
        if through_round is not None and result.round > through_round:
            continue
        tally = tallies.get(result.player)
        if tally is None:
            raise StandingsError(UNKNOWN_PLAYER, round=result.round, player=result.player)
        if result.kind is _PLAYED:
            _add_played(tally, result)
        else:
            _add_unplayed(tally, result, settings)
    return tallies


_PLAYED = ResultKind.PLAYED


def row_win_value(result: GameResult) -> float:
    """What one row is worth in the wins column (1, 0.5 or 0), by outcomes' values: a bye or
    forfeit as its outcome, a played game by its scores, a tie the play-off word decided as the
    winner's win and the loser's loss. A played row without both scores is worth nothing yet."""
    if result.kind is not _PLAYED:
        return _UNPLAYED_OUTCOME[result.kind].win_value
    score, against, playoff = result.score, result.opponent_score, result.won_playoff
    if score is None or against is None:
        return 0.0
    if score == against and playoff is not None:
        return (Outcome.WIN if playoff else Outcome.LOSS).win_value
    return played_worth(score, against)


def _add_played(tally: _Tally, result: GameResult) -> None:
    _, _, opponent, score, against, _, first, _, _ = result
    if score is None or against is None or opponent is None:
        raise StandingsError(MISSING_SCORE, round=result.round, player=result.player)
    value = row_win_value(result)  # the one reading of what the game is worth
    tally.wins += value
    tally.losses += 1.0 - value
    tally.spread += score - against
    tally.games += 1
    tally.games_played += 1
    tally.points_for += score
    tally.points_against += against
    if tally.high_game is None or score > tally.high_game:
        tally.high_game = score
    if first is True:
        tally.firsts += 1
    elif first is False:
        tally.seconds += 1
    tally.opponents.append(opponent)
    tally.meetings.append((opponent, value))


def unplayed_spread(result: GameResult, settings: StandingsSettings) -> int:
    """The spread of an unplayed round: the one its row records, else the division's (+bye,
    0 for a half bye, +forfeit or -forfeit for a forfeit won or lost, the double forfeit's)."""
    if result.spread is not None:
        return result.spread
    kind = result.kind
    if kind is ResultKind.BYE:
        return settings.bye_spread
    if kind is ResultKind.HALF_BYE:
        return 0
    if kind is ResultKind.FORFEIT_WIN:
        return settings.forfeit_spread
    if kind is ResultKind.FORFEIT_LOSS:
        return -settings.forfeit_spread
    return settings.double_forfeit_spread


def _add_unplayed(tally: _Tally, result: GameResult, settings: StandingsSettings) -> None:
    kind = result.kind
    if kind is ResultKind.BYE or kind is ResultKind.HALF_BYE:
        tally.byes += 1
        if not settings.count_byes_in_games:
            return
    else:
        tally.forfeits += 1
        if result.opponent is not None:
            tally.opponents.append(result.opponent)
    value = _UNPLAYED_OUTCOME[kind].win_value  # what a bye or forfeit is worth: outcomes' word
    tally.wins += value
    tally.losses += 1.0 - value
    tally.games += 1
    tally.spread += unplayed_spread(result, settings)


def _key(tally: _Tally, tiebreaks: Sequence[str]) -> tuple[float, ...]:
    """Sort key, larger is better; head-to-head must already be filled in."""
    values: list[float] = [tally.active, tally.wins]
    for name in tiebreaks:
        if name == "spread":
            values.append(tally.spread)
        elif name == "cumulative":
            values.append(tally.points_for)
        else:
            values.append(tally.head_to_head)
    return tuple(values)


def _order(tallies: list[_Tally], tiebreaks: Sequence[str]) -> list[_Tally]:
    """Sort best first; head-to-head is scored inside groups equal on the keys before it."""
    tallies.sort(key=lambda t: t.info.number)
    if "head_to_head" not in tiebreaks:
        tallies.sort(key=lambda t: _key(t, tiebreaks), reverse=True)
        return tallies
    before = tiebreaks[: tiebreaks.index("head_to_head")]
    tallies.sort(key=lambda t: _key(t, before), reverse=True)
    start = 0
    while start < len(tallies):
        end = start + 1
        group_key = _key(tallies[start], before)
        while end < len(tallies) and _key(tallies[end], before) == group_key:
            end += 1
        _score_head_to_head(tallies[start:end])
        start = end
    tallies.sort(key=lambda t: _key(t, tiebreaks), reverse=True)
    return tallies


def _score_head_to_head(group: list[_Tally]) -> None:
    """Win value each member scored against the other members of its tied group."""
    if len(group) == 1:
        return
    members = {t.info.number for t in group}
    for tally in group:
        tally.head_to_head = sum(v for opp, v in tally.meetings if opp in members)


def _rank(ordered: list[_Tally], tiebreaks: Sequence[str]) -> list[StandingRow]:
    rows: list[StandingRow] = []
    previous: tuple[float, ...] | None = None
    rank = 0
    for position, tally in enumerate(ordered, start=1):
        key = _key(tally, tiebreaks)
        if key != previous:
            rank, previous = position, key
        rows.append(_row(rank, tally))
    return rows


def _row(rank: int, t: _Tally) -> StandingRow:
    played = t.games_played
    return StandingRow(
        rank=rank,
        player=t.info.number,
        name=t.info.name,
        wins=t.wins,
        losses=t.losses,
        spread=t.spread,
        games=t.games,
        games_played=played,
        byes=t.byes,
        forfeits=t.forfeits,
        points_for=t.points_for,
        points_against=t.points_against,
        average_score=t.points_for / played if played else None,
        average_opponent_score=t.points_against / played if played else None,
        firsts=t.firsts,
        seconds=t.seconds,
        high_game=t.high_game,
        opponents=tuple(t.opponents),
        rating=t.info.rating,
        withdrawn=t.info.withdrawn,
        head_to_head=t.head_to_head,
    )
