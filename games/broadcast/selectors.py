"""Named reads for broadcasts: which games are shown, and everything a broadcast board needs.

A game is shown only when its event is public and it is marked or at one of its division's top
tables (``games.engine.broadcast.is_broadcast``); anything else reads as not found. The reads
are batched: a division's grid costs the same few queries for one board or fifty.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Max, Q
from django.utils import timezone

from games.engine.broadcast import is_broadcast
from games.models import Game, GameClock, Turn
from tournaments.models import Division
from tournaments.selectors.divisions import division_rows
from tournaments.selectors.held import held_results

from .models import EventBroadcast

_GAME_JOINS = (
    "first_player",
    "second_player",
    "broadcast_mark",
    "pairing__first",
    "pairing__second",
    "pairing__round__division__broadcast",
    "pairing__round__division__tournament__broadcast",
)


@dataclass
class BoardData:
    """A broadcast game with its sheet lines, its clock and each side's record before it."""

    game: Game
    turns: list[Turn] = field(default_factory=list)
    clock: GameClock | None = None
    records: tuple[tuple[float, float], tuple[float, float]] = ((0, 0), (0, 0))
    ratings: tuple[int, int] = (0, 0)

    @property
    def delay_minutes(self) -> int:
        return event_delay(self.game.pairing.round.division.tournament)


def _one_to_one(obj, name: str):
    try:
        return getattr(obj, name)
    except Exception:  # noqa: BLE001 - Django's RelatedObjectDoesNotExist: no setting yet
        return None


def event_delay(tournament) -> int:
    """The event's broadcast delay in minutes (0 without a setting)."""
    setting = _one_to_one(tournament, "broadcast")
    return setting.delay_minutes if setting is not None else 0


def held_back(game: Game, now=None) -> bool:
    """Whether a game's event delay still hides its last change (read with the event's
    ``broadcast``): its own pages wait for the delay too, for those who do not run it."""
    if game.pairing_id is None:
        return False
    delay = event_delay(game.pairing.round.division.tournament)
    if not delay:
        return False
    now = now or timezone.now()
    return game.updated_at > now - datetime.timedelta(minutes=delay)


def held_back_games() -> Q | None:
    """The games whose event delay still hides their last change (``None``: no event has a
    delay); lists leave them out, as their pages do (``held_back``)."""
    delays = EventBroadcast.objects.filter(delay_minutes__gt=0).values_list(
        "tournament_id", "delay_minutes"
    )
    now, found = timezone.now(), None
    for tournament_id, minutes in delays:
        since = now - datetime.timedelta(minutes=minutes)
        one = Q(pairing__round__division__tournament_id=tournament_id, updated_at__gt=since)
        found = one if found is None else found | one
    return found


def top_tables(division: Division) -> int:
    setting = _one_to_one(division, "broadcast")
    return setting.top_tables if setting is not None else 0


def game_is_broadcast(game: Game) -> bool:
    """Whether ``game`` (read with ``_GAME_JOINS``) is shown to the public."""
    if game.pairing_id is None:
        return False
    division = game.pairing.round.division
    return is_broadcast(
        public=division.tournament.is_public,
        marked=_one_to_one(game, "broadcast_mark") is not None,
        table=game.pairing.table,
        top_tables=top_tables(division),
    )


def broadcast_board(game_id: int) -> BoardData | None:
    """The broadcast game ``game_id`` with what its board shows; ``None`` when not shown."""
    game = Game.objects.select_related(*_GAME_JOINS).filter(pk=game_id).first()
    if game is None or not game_is_broadcast(game):
        return None
    return _with_sheets([game])[0]


def division_games(division: Division) -> list[Game]:
    """The games of the division's latest round that has any, by table."""
    latest = Game.objects.filter(pairing__round__division=division).aggregate(
        n=Max("pairing__round__number")
    )["n"]
    if latest is None:
        return []
    return list(
        Game.objects.select_related(*_GAME_JOINS)
        .filter(pairing__round__division=division, pairing__round__number=latest)
        .order_by("pairing__table", "pk")
    )


def division_boards(division: Division) -> list[BoardData]:
    """The broadcast boards of the division's latest round with games, by table."""
    shown = [game for game in division_games(division) if game_is_broadcast(game)]
    return _with_sheets(shown)


def table_board(division: Division, table: int) -> BoardData | None:
    """The broadcast board at ``table`` in the division's latest round with games."""
    for game in division_games(division):
        if game.pairing.table == table and game_is_broadcast(game):
            return _with_sheets([game])[0]
    return None


def _with_sheets(games: list[Game]) -> list[BoardData]:
    """Each game with its lines, clock, records and ratings: a few queries for any number."""
    if not games:
        return []
    ids = [game.pk for game in games]
    turns = defaultdict(list)
    for turn in Turn.objects.filter(game_id__in=ids).order_by("game_id", "number"):
        turns[turn.game_id].append(turn)
    clocks = {clock.game_id: clock for clock in GameClock.objects.filter(game_id__in=ids)}
    records = _records(games)
    boards = []
    for game in games:
        sides = _side_entries(game)
        number = game.pairing.round.number
        boards.append(
            BoardData(
                game=game,
                turns=turns[game.pk],
                clock=clocks.get(game.pk),
                records=(
                    records.get((sides[0].pk, number), (0, 0)),
                    records.get((sides[1].pk, number), (0, 0)),
                ),
                ratings=(sides[0].rating, sides[1].rating),
            )
        )
    return boards


def _side_entries(game: Game):
    """The pairing's entries in the sheet's order (the sheet's first player may be second)."""
    pairing = game.pairing
    if pairing.first.player_id == game.first_player_id:
        return pairing.first, pairing.second
    return pairing.second, pairing.first


def _records(games: list[Game]) -> dict[tuple[int, int], tuple[float, float]]:
    """Each side's wins and losses before its game's round, by (entry, round): the division's
    standings through the round before, so the one outcomes core counts them as every page
    does (byes and forfeits the program paired, play-off words, starting results), and the
    results a broadcast delay still holds back wait as they do there (two queries a division,
    three with a delay)."""
    rounds: dict[int, set[int]] = defaultdict(set)
    divisions = {}
    for game in games:
        division = game.pairing.round.division
        divisions[division.pk] = division
        rounds[division.pk].add(game.pairing.round.number)
    records: dict[tuple[int, int], tuple[float, float]] = {}
    for division_id, numbers in rounds.items():
        division = divisions[division_id]
        # the delay as read with the games (``_GAME_JOINS``): no query for it
        held = held_results(division.pk, event_delay(division.tournament))[0]
        found = division_rows(division, held)
        entry_of = {entry.number: entry.pk for entry in found.entries}
        for number in numbers:
            for row in found.standings(through_round=number - 1):
                records[(entry_of[row.player], number)] = (row.wins, row.losses)
    return records
