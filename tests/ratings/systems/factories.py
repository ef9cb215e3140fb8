"""Small builders of rating inputs shared by the rating tests."""

from __future__ import annotations

from collections.abc import Iterable

from ratings.systems.types import EventGame, PlayerRating


def rated(player: int, rating: float, career_games: int = 100) -> PlayerRating:
    """An established list entry."""
    return PlayerRating(id=player, rating=rating, career_games=career_games)


def rating_list(*entries: PlayerRating) -> dict[int, PlayerRating]:
    """A rating list keyed by player id."""
    return {entry.id: entry for entry in entries}


def one_per_round(
    player: int, opponents: Iterable[int], results: Iterable[float]
) -> list[EventGame]:
    """``player`` meets each opponent in successive rounds from round 1."""
    return [
        EventGame(number, player, opponent, result)
        for number, (opponent, result) in enumerate(zip(opponents, results, strict=True), 1)
    ]
