"""Under ABSP, a rated player whose earlier games are not on record keeps their old rating in the
weighted mean: it stands for one game (or their career games) at that rating."""

from __future__ import annotations

import math

from ratings.systems.absp import ABSP, game_points, rate, weighted_rating
from ratings.systems.types import EventGame, PlayerRating


def one_win(ratings: dict[int, PlayerRating]) -> float:
    changes = rate(ratings, [EventGame(1, 1, 2, 1.0)])
    return changes[1].after


def test_a_rated_player_with_no_recorded_games_keeps_the_old_rating_in_the_mean():
    ratings = {1: PlayerRating(1, 150, career_games=0), 2: PlayerRating(2, 150, career_games=200)}
    earned = game_points(150, 150, 1.0)  # 200: the opponent's rating plus 50
    expected = math.floor(weighted_rating((150.0, earned)) + 0.5)
    assert expected == 175  # (224 * 150 + 225 * 200) / 449 = 175.05
    assert one_win(ratings) == expected


def test_the_old_rating_stands_for_the_career_games_when_there_are_some():
    ratings = {1: PlayerRating(1, 150, career_games=3), 2: PlayerRating(2, 150, career_games=200)}
    expected = math.floor(weighted_rating((150.0, 150.0, 150.0, 200.0)) + 0.5)
    assert one_win(ratings) == expected == 163


def test_the_carried_rating_never_stands_for_more_games_than_the_window():
    ratings = {1: PlayerRating(1, 150, career_games=999), 2: PlayerRating(2, 150, career_games=200)}
    history = (150.0,) * ABSP.window_games + (200.0,)
    expected = math.floor(weighted_rating(history) + 0.5)
    assert one_win(ratings) == expected
