"""Games as the rating core sees them, read in bulk from tournament pairings and club nights.

Players are identified by `Player.pk` (a player keeps one rating across divisions and clubs).
Only played, fully reported games are returned: byes and forfeits are never rated, and an
unreported game of a running event simply has not happened yet for a projection.
"""

from collections import defaultdict
from collections.abc import Iterable

from clubs.models import CasualGame
from tournaments.models import Pairing

from . import systems as core
from .models import PlayerRating


def game_result(first_score: int, second_score: int) -> float:
    """The first player's result: 1 win, 0.5 tie, 0 loss."""
    if first_score == second_score:
        return 0.5
    return 1.0 if first_score > second_score else 0.0


def division_games(division_ids: Iterable[int]) -> dict[int, tuple[core.EventGame, ...]]:
    """The rated games of each division, in round order, read with one query."""
    ids = list(division_ids)
    games: dict[int, list[core.EventGame]] = {division: [] for division in ids}
    rows = (
        Pairing.objects.filter(
            round__division_id__in=ids,
            kind=Pairing.Kind.PLAYED,
            second__isnull=False,
            first_score__isnull=False,
            second_score__isnull=False,
        )
        .order_by("round__division_id", "round__number", "table", "id")
        .values_list(
            "round__division_id",
            "round__number",
            "first__player_id",
            "second__player_id",
            "first_score",
            "second_score",
        )
    )
    for division, number, first, second, first_score, second_score in rows:
        games[division].append(
            core.EventGame(number, first, second, game_result(first_score, second_score))
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
