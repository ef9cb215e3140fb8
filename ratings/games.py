"""Games as the rating core sees them, read in bulk from tournament pairings and club nights.

Players are identified by `Player.pk` (a player keeps one rating across divisions and clubs).
Only games whose outcome (``tournaments.results.outcomes``) is played are rated: byes and forfeits never
are, and an unreported game of a running event simply has not happened yet for a projection.
"""

from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from clubs.models import CasualGame
from tournaments.models import Pairing
from tournaments.results.outcomes import pairing_outcomes, played_outcome

from . import systems as core
from .models import PlayerRating, RatingEvent


def game_result(first_score: int, second_score: int) -> float:
    """The first player's result: 1 win, 0.5 tie, 0 loss."""
    return played_outcome(first_score, second_score).win_value


class _RatedPairing(NamedTuple):
    """A stored pairing with its players, as ``pairing_outcomes`` reads it."""

    division_id: int
    round_number: int
    first_player: int
    second_player: int
    kind: str
    first_id: int
    second_id: int
    first_score: int
    second_score: int
    forfeited_by_id: int | None
    sides_known: bool
    playoff_winner_id: int | None


def division_games(division_ids: Iterable[int]) -> dict[int, tuple[core.EventGame, ...]]:
    """The rated games of each division, in round order, read with one query."""
    ids = list(division_ids)
    games: dict[int, list[core.EventGame]] = {division: [] for division in ids}
    # Only played kinds with both scores can have played outcomes: the rest is not read at all.
    rows = (
        Pairing.objects.filter(round__division_id__in=ids, kind=Pairing.Kind.PLAYED)
        .reported()
        .order_by("round__division_id", "round__number", "table", "id")
        .values_list(
            "round__division_id",
            "round__number",
            "first__player_id",
            "second__player_id",
            "kind",
            "first_id",
            "second_id",
            "first_score",
            "second_score",
            "forfeited_by_id",
            "sides_known",
            "playoff_winner_id",
        )
    )
    for row in map(_RatedPairing._make, rows):
        # A rating measures the game on the board: a tie broken by a play-off word rates as a tie.
        first_side = pairing_outcomes(row, playoff_decides=False)[0]
        if first_side.outcome.played:
            games[row.division_id].append(
                core.EventGame(
                    row.round_number,
                    row.first_player,
                    row.second_player,
                    first_side.outcome.win_value,
                )
            )
    return {division: tuple(found) for division, found in games.items()}


def session_games(session_ids: Iterable[int]) -> dict[int, tuple[core.EventGame, ...]]:
    """The rated casual games of each club session, one query.

    A club night has no rounds, but the core needs each player at most once per round:
    each game goes into the first round in which neither player has played yet, in the
    order the games were entered.
    """
    ids = list(session_ids)
    games: dict[int, list[core.EventGame]] = {session: [] for session in ids}
    busy: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    rows = (
        CasualGame.objects.filter(session_id__in=ids, rated=True)
        .order_by("session_id", "entered_at", "id")
        .values_list("session_id", "player_a_id", "player_b_id", "score_a", "score_b")
    )
    for session, first, second, first_score, second_score in rows:
        rounds = busy[session]
        number = 1
        while first in rounds[number] or second in rounds[number]:
            number += 1
        rounds[number].update((first, second))
        games[session].append(
            core.EventGame(number, first, second, game_result(first_score, second_score))
        )
    return {session: tuple(found) for session, found in games.items()}


def rounds_of(games: Iterable[core.EventGame]) -> int:
    """The last round present (a club night's 'scheduled' rounds)."""
    return max((game.round for game in games), default=0)


def core_rating(row: PlayerRating) -> core.PlayerRating:
    """A list row as the core's pre-event rating."""
    return core.PlayerRating(
        id=row.player_id,
        rating=row.rating,
        career_games=row.games,
        deviation=row.deviation,
        volatility=row.volatility,
        history=tuple(row.history or ()),
    )


def initial_rating(row: PlayerRating) -> core.PlayerRating | None:
    """What the player brought to the list before its first event (None: a newcomer)."""
    if row.initial_rating is None and not row.initial_games:
        return None
    return core.PlayerRating(
        id=row.player_id, rating=row.initial_rating, career_games=row.initial_games
    )


def event_games(events: Iterable[RatingEvent]) -> dict[int, tuple[core.EventGame, ...]]:
    """The games of each of a list's ``events`` (a division's or a club night's), by event id."""
    events = list(events)
    by_division = division_games(e.division_id for e in events if e.division_id)
    by_session = session_games(e.club_session_id for e in events if e.club_session_id)
    return {
        e.pk: by_division[e.division_id] if e.division_id else by_session.get(e.club_session_id, ())
        for e in events
    }


def replay(
    state: dict[int, core.PlayerRating],
    events: Iterable[RatingEvent],
    games: dict[int, tuple[core.EventGame, ...]],
    *,
    system: str,
) -> Iterator[tuple[RatingEvent, dict]]:
    """Rate a list's ``events`` in order from ``state`` (updated as each is rated), yielding each
    event with its changes (``core.rate_event``, which may raise ``core.RatingError``)."""
    for event in events:
        found = games[event.pk]
        rounds = max(event.rounds or 0, rounds_of(found)) or None
        changes = core.rate_event(state, found, system=system, club=event.club, rounds=rounds)
        state.update({pk: change.updated for pk, change in changes.items()})
        yield event, changes
