"""Where a player starts on a list: from the players' own ratings when a list is made; for a
newcomer, from the list's seed (national) list when they are on it, else from their own player
rating; with neither, the rating system's newcomer rule."""

from collections.abc import Iterable

from players.models import Player

from ..models import PlayerRating, RatingList


def _seed_from_players(rating_list: RatingList) -> int:
    players = Player.objects.filter(rating__isnull=False)
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
    later re-rating starts from it): their rating on the list's seed list when they are on it,
    else their own player rating (the one typed or pasted when they were added), as a list
    started from the players' ratings does. Players with neither stay newcomers, rated by the
    system's newcomer rule. Returns how many rows were added."""
    wanted = set(players) - set(
        rating_list.ratings.filter(player_id__in=players).values_list("player_id", flat=True)
    )
    if not wanted:
        return 0
    seeds = []
    if rating_list.seed_list_id is not None:
        seeds = list(
            PlayerRating.objects.filter(
                rating_list_id=rating_list.seed_list_id, player_id__in=wanted, rating__isnull=False
            ).values_list("player_id", "rating", "games")
        )
    rest = wanted - {pk for pk, _rating, _games in seeds}
    own = Player.objects.filter(pk__in=rest, rating__gt=0).values_list("pk", "rating")
    seeds += [(pk, float(rating), 0) for pk, rating in own]
    rows = [
        PlayerRating(
            rating_list=rating_list,
            player_id=pk,
            rating=rating,
            games=games,
            initial_rating=rating,
            initial_games=games,
        )
        for pk, rating, games in seeds
    ]
    PlayerRating.objects.bulk_create(rows)
    return len(rows)
