"""Where a newcomer starts on a rating list (a read): their rating on the list's seed list when
they are on it, else their own player rating (the one typed or pasted when they were added).
Rating an event stores these rows (``services.seeding.seed_newcomers``); projecting an event
before it is rated starts from the same rows, unsaved (``selectors.projected_ratings``)."""

from collections.abc import Iterable

from django.db.models import Q

from players.models import Player

from .models import PlayerRating, RatingList

# A player's own rating counts as a start when it is above 0: 0 is "unrated", as in a TSH file.
OWN_RATING = Q(rating__gt=0)


def newcomer_rows(rating_list: RatingList, players: Iterable[int]) -> list[PlayerRating]:
    """Unsaved starting rows for those of ``players`` not yet on ``rating_list`` who have a
    seed or a rating of their own (two or three queries)."""
    players = set(players)
    wanted = players - set(
        rating_list.ratings.filter(player_id__in=players).values_list("player_id", flat=True)
    )
    if not wanted:
        return []
    seeds = []
    if rating_list.seed_list_id is not None:
        seeds = list(
            PlayerRating.objects.filter(
                rating_list_id=rating_list.seed_list_id, player_id__in=wanted, rating__isnull=False
            ).values_list("player_id", "rating", "games")
        )
    rest = wanted - {pk for pk, _rating, _games in seeds}
    own = Player.objects.filter(OWN_RATING, pk__in=rest).values_list("pk", "rating")
    seeds += [(pk, float(rating), 0) for pk, rating in own]
    return [
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
