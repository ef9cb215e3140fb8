"""Where a player starts on a list: from the players' own ratings when a list is made; for a
newcomer, from the list's seed (national) list when they are on it, else from their own player
rating; with neither, the rating system's newcomer rule."""

from collections.abc import Iterable

from players.models import Player

from ..models import PlayerRating, RatingList
from ..seeds import OWN_RATING, newcomer_rows


def _seed_from_players(rating_list: RatingList) -> int:
    players = Player.objects.filter(OWN_RATING)
    if rating_list.scope_country:
        players = players.filter(country=rating_list.scope_country)
    if rating_list.scope_club_id:
        players = players.filter(memberships__club_id=rating_list.scope_club_id).distinct()
    rows = [
        PlayerRating(
            rating_list=rating_list,
            player_id=pk,
            rating=float(rating),
            initial_rating=float(rating),
        )
        for pk, rating in players.values_list("pk", "rating")
    ]
    PlayerRating.objects.bulk_create(rows, batch_size=1000)
    return len(rows)


def seed_newcomers(rating_list: RatingList, players: Iterable[int]) -> int:
    """Give each of ``players`` not yet on ``rating_list`` a starting rating (kept, so every
    later re-rating starts from it): ``seeds.newcomer_seeds``, the rating the projection of an
    event uses too. Players with neither a seed nor a rating of their own stay newcomers, rated
    by the system's newcomer rule. Returns how many rows were added."""
    rows = newcomer_rows(rating_list, players)
    PlayerRating.objects.bulk_create(rows)
    return len(rows)
