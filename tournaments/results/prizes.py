"""The prize engine: who gets which prize and how much, from the standings' own rows (pure).

Input: the division's prize bands (``Band``), its standings rows (the same ``StandingRow`` the
standings page shows: byes, forfeits, withdrawals and play-off wins already counted), the
result rows behind them (for game prizes and handicap scores) and the prize settings.

Each band ranks its candidates (``band_candidates``):

- place: every player who played a game, in standings order;
- rating class: the same, within the band's rating range;
- handicap: every player who played a game, by handicap score (``handicap.py``), standings
  order among equal scores;
- high game / high loss / high win / high combined / biggest upset: each player's best such
  figure, best first (high combined counts a game once, for its lower-numbered player; an
  upset needs both players rated).

Players equal on a band's figure are tied: for places and classes "equal" is the standings'
own comparison (same rank: wins, then the division's tie-breaks), or wins alone when the
division says so (``TieBy.WINS``; a withdrawal counts only as the standings count it: a
withdrawn player ranked last by ``withdrawn_last`` is tied only with other withdrawn players,
without that setting with anyone equal on wins); for the other bands, the same figure. A
play-off decides places 1..K whichever way ties are counted: each of its places is held alone
(the bracket has separated its players, and a bracket place outranks every player outside
it). A tied group takes as many places as it has players and shares their money
(``prize_money.share_tie``).

One prize per player: a band is *exclusive* (places, classes and handicap by default) or
*stacks* (game prizes by default); the director may set either per band. Exclusive places are
given out one at a time, most valuable first -- by money, then a fixed kind order (place,
rating class, handicap, high game, high win, high loss, high combined, upset), then place,
then label -- never by creation order. Each goes to the band's best candidates who hold no
exclusive prize yet, so a player already holding a more valuable prize is passed over and the
place goes to the next eligible player. A band gives its places in place order. Stacking bands
are given to their best candidates whatever else those hold.

Trophies are not shared: in a tied group, the players standing within the band's places (in
standings order) get the band's trophy; money is shared as above.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from .formatting import fmt_record, fmt_spread
from .handicap import HandicapScore
from .prize_money import MoneyRules, share_tie
from .prize_settings import TieBy
from .standings import GameResult, ResultKind, StandingRow, row_win_value
from .stats import PrizeKind

KIND_ORDER = (
    PrizeKind.RANK,
    PrizeKind.RATING_CLASS,
    PrizeKind.HANDICAP,
    PrizeKind.HIGH_GAME,
    PrizeKind.HIGH_WIN,
    PrizeKind.HIGH_LOSS,
    PrizeKind.HIGH_COMBINED,
    PrizeKind.UPSET,
)
STANDING_KINDS = (PrizeKind.RANK, PrizeKind.RATING_CLASS, PrizeKind.HANDICAP)
ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class Band:
    """A prize band: ``places`` places of ``kind``; ``money`` per place (fewer: the rest pay
    nothing), a trophy text for every place, exclusive or stacking (None: the kind's default)."""

    key: int
    kind: PrizeKind
    label: str
    places: int = 1
    money: tuple[Decimal, ...] = ()
    trophy: str = ""
    exclusive: bool | None = None
    rating_low: int | None = None
    rating_high: int | None = None

    @property
    def is_exclusive(self) -> bool:
        return self.kind in STANDING_KINDS if self.exclusive is None else self.exclusive

    def amount(self, place: int) -> Decimal:
        """The money of place ``place`` (1 = first); 0 past the paid places."""
        return self.money[place - 1] if 1 <= place <= len(self.money) else ZERO


@dataclass(frozen=True, slots=True)
class Candidate:
    """A player as a band ranks them: ``tie`` equal means tied; ``figure`` is what is shown."""

    player: int
    tie: tuple
    figure: str


@dataclass(frozen=True, slots=True)
class Prize:
    """Places ``first .. first+len(players)-1`` of a band, held by ``players`` (tied when more
    than one), with each one's money and trophy, and what rounding left to the organiser."""

    band: int
    label: str
    first: int
    players: tuple[int, ...]
    shares: tuple[Decimal, ...]
    trophies: tuple[str, ...]
    kept: Decimal
    figure: str

    @property
    def tied(self) -> bool:
        return len(self.players) > 1

    @property
    def last(self) -> int:
        return self.first + len(self.players) - 1


@dataclass(frozen=True, slots=True)
class Field:
    """What the candidates of every band are drawn from; ``playoff``: the play-off's places
    (entry number to place 1..K, as ``rows`` rank them; empty without a play-off);
    ``withdrawn_last``: ``rows`` rank withdrawn players after every active one (the standings
    setting of the same name)."""

    rows: Sequence[StandingRow]
    results: Sequence[GameResult]
    handicaps: Mapping[int, HandicapScore]
    tie_by: TieBy = TieBy.STANDINGS
    playoff: Mapping[int, int] = field(default_factory=dict)
    withdrawn_last: bool = False


def _standing(row: StandingRow, field: Field) -> Candidate:
    if field.tie_by is TieBy.STANDINGS:
        tie: tuple = (row.rank,)
    elif row.player in field.playoff:
        tie = ("playoff", field.playoff[row.player])  # held alone, whatever the wins
    else:
        tie = (field.withdrawn_last and row.withdrawn, row.wins)
    return Candidate(
        row.player, tie, f"{fmt_record(row.wins, row.losses)} {fmt_spread(row.spread)}"
    )


def _in_range(band: Band, rating: int) -> bool:
    return (band.rating_low is None or rating >= band.rating_low) and (
        band.rating_high is None or rating <= band.rating_high
    )


def _best_games(
    results: Sequence[GameResult],
    figure: Callable[[GameResult], int | None],
    text: Callable[[int], str] = str,
) -> list[Candidate]:
    """Each player's best ``figure`` of a played game, best first, written by ``text``."""
    best: dict[int, int] = {}
    for row in results:
        if row.kind is not ResultKind.PLAYED or row.score is None or row.opponent_score is None:
            continue
        value = figure(row)
        if value is not None and (row.player not in best or value > best[row.player]):
            best[row.player] = value
    ordered = sorted(best.items(), key=lambda item: (-item[1], item[0]))
    return [Candidate(player, (value,), text(value)) for player, value in ordered]


def _game_figure(kind: PrizeKind, ratings: Mapping[int, int]) -> Callable[[GameResult], int | None]:
    # Won and lost as the standings count them: a tie the play-off word decided included.
    def high_loss(r):
        return r.score if row_win_value(r) == 0.0 else None

    def high_win(r):
        return r.score - r.opponent_score if row_win_value(r) == 1.0 else None

    def combined(r):
        return (
            r.score + r.opponent_score if r.opponent is not None and r.player < r.opponent else None
        )

    def upset(r):
        mine, theirs = ratings.get(r.player, 0), ratings.get(r.opponent, 0)
        return theirs - mine if row_win_value(r) == 1.0 and 0 < mine < theirs else None

    return {
        PrizeKind.HIGH_GAME: lambda r: r.score,
        PrizeKind.HIGH_LOSS: high_loss,
        PrizeKind.HIGH_WIN: high_win,
        PrizeKind.HIGH_COMBINED: combined,
        PrizeKind.UPSET: upset,
    }[kind]


def band_candidates(band: Band, field: Field) -> list[Candidate]:
    """Everyone ``band`` may go to, best first (see the module docstring)."""
    if band.kind in (PrizeKind.RANK, PrizeKind.RATING_CLASS):
        return [
            _standing(row, field)
            for row in field.rows
            if row.games > 0 and (band.kind is PrizeKind.RANK or _in_range(band, row.rating))
        ]
    if band.kind is PrizeKind.HANDICAP:
        played = [row for row in field.rows if row.games > 0 and row.player in field.handicaps]
        played.sort(key=lambda row: -field.handicaps[row.player].total)  # stable: standings
        return [
            Candidate(row.player, (field.handicaps[row.player].total,), _points(row, field))
            for row in played
        ]
    ratings = {row.player: row.rating for row in field.rows}
    # A high win is a spread, signed as the records write it (+120); scores and an upset's
    # rating difference are not.
    text = fmt_spread if band.kind is PrizeKind.HIGH_WIN else str
    return _best_games(field.results, _game_figure(band.kind, ratings), text)


def _points(row: StandingRow, field: Field) -> str:
    return f"{field.handicaps[row.player].total.normalize():f}"


def _group(candidates: list[Candidate]) -> list[Candidate]:
    """The leading candidates tied with the first (empty list: none); candidates come best
    first, so players tied with each other stand together."""
    if not candidates:
        return []
    tie = candidates[0].tie
    group = []
    for candidate in candidates:
        if candidate.tie != tie:
            break
        group.append(candidate)
    return group


def _prize(band: Band, first: int, group: list[Candidate], money: MoneyRules) -> Prize:
    places = range(first, first + len(group))
    shared = share_tie([band.amount(p) for p in places], money) if band.money else None
    return Prize(
        band=band.key,
        label=band.label,
        first=first,
        players=tuple(c.player for c in group),
        shares=shared.shares if shared else tuple(ZERO for _ in group),
        trophies=tuple(band.trophy if p <= band.places else "" for p in places),
        kept=shared.kept if shared else ZERO,
        figure=group[0].figure,
    )


def _receives(prize: Prize, band: Band) -> list[int]:
    """The players of ``prize`` it counts as their one prize: those getting money or a trophy
    (everyone in it when the band pays neither: an honour)."""
    if not band.money and not band.trophy:
        return list(prize.players)
    return [
        p for p, s, t in zip(prize.players, prize.shares, prize.trophies, strict=True) if s or t
    ]


def _stacking(band: Band, candidates: list[Candidate], money: MoneyRules) -> list[Prize]:
    prizes: list[Prize] = []
    place = 1
    while place <= band.places and candidates:
        group = _group(candidates)
        prizes.append(_prize(band, place, group, money))
        candidates = candidates[len(group) :]
        place += len(group)
    return prizes


def slot_order(band: Band, place: int) -> tuple:
    """Exclusive places are given most valuable first, never by creation order."""
    return (-band.amount(place), KIND_ORDER.index(band.kind), place, band.label, band.key)


def award(bands: Sequence[Band], field: Field, money: MoneyRules) -> list[Prize]:
    """Every prize of ``bands`` with its holders (see the module docstring), listed by band in
    the order given, then by place."""
    ranked = {band.key: band_candidates(band, field) for band in bands}
    prizes: list[Prize] = []
    for band in bands:
        if not band.is_exclusive:
            prizes += _stacking(band, ranked[band.key], money)
    exclusive = [band for band in bands if band.is_exclusive]
    slots = sorted(
        ((band, place) for band in exclusive for place in range(1, band.places + 1)),
        key=lambda slot: slot_order(*slot),
    )
    next_place = {band.key: 1 for band in exclusive}
    taken: set[int] = set()
    for band, place in slots:
        if place < next_place[band.key]:
            continue  # a tie already took this place
        place = next_place[band.key]
        eligible = [c for c in ranked[band.key] if c.player not in taken]
        group = _group(eligible)
        if not group:
            continue
        prize = _prize(band, place, group, money)
        prizes.append(prize)
        taken.update(_receives(prize, band))
        next_place[band.key] = place + len(group)
    order = {band.key: index for index, band in enumerate(bands)}
    return sorted(prizes, key=lambda p: (order[p.band], p.first))
