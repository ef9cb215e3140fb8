"""Rating thresholds tried at the threshold and one either side: the ABSP ten point rule (a move
of exactly 10, players with exactly 30 games) and the rounds a game may be recorded in."""

from __future__ import annotations

import math

import pytest

from ratings.systems import PlayerRating, rate_event
from ratings.systems.absp import AbspConfig
from ratings.systems.absp import rate as absp_rate
from ratings.systems.messages import BAD_ROUND, TOO_FEW_ROUNDS, RatingError
from ratings.systems.types import EventGame, validate_games

# --- the ABSP ten point rule -------------------------------------------------------------------
# Ann (100) beats Bob (100, 40 games) in every round: 150 points a game. Bob earns 50 a game
# against Ann at 100, or 60 against Ann at 110 when the ten point rule re-rates her first.


def ann_beats_bob(games: int, ann_career: int, config: AbspConfig | None = None):
    ratings = {1: PlayerRating(1, 100.0, ann_career), 2: PlayerRating(2, 100.0, 40)}
    played = [EventGame(r, 1, 2, 1.0) for r in range(1, games + 1)]
    if config is None:
        return rate_event(ratings, played, system="absp")
    return absp_rate(ratings, played, config=config)


def test_a_move_of_exactly_ten_points_triggers_the_ten_point_rule():
    # 29 old games at 100 weigh 190..218, 7 new at 150 weigh 219..225: 110.40, so 110 (+10).
    changes = ann_beats_bob(7, ann_career=29)
    assert changes[1].after == 110
    # Bob is rated against Ann at 110: 7 games at 60 weigh 219..225, 40 old at 100 weigh
    # 179..218: 100 - 40 * 1554 / 9494 = 93.45, so 93.
    assert changes[2].after == 93
    without_rule = ann_beats_bob(7, ann_career=29, config=AbspConfig(reset_threshold=math.inf))
    assert (without_rule[1].after, without_rule[2].after) == (110, 92)


def test_a_move_of_nine_points_does_not_trigger_the_ten_point_rule():
    # Six wins: 109.17, so 109 (+9); Bob's six games stay at 50 points: 92.83, so 93.
    changes = ann_beats_bob(6, ann_career=29)
    assert changes[1].after == 109
    assert changes[2].after == 93
    # Were Ann re-rated from 109, Bob's games would earn 59 each and he would end on 94.
    low = ann_beats_bob(6, ann_career=29, config=AbspConfig(reset_threshold=9))
    assert low[2].after == 94


def test_the_ten_point_rule_stops_at_exactly_thirty_games():
    # With 30 old games Ann still moves 10 (110.14), but her rating no longer counts as
    # provisional, so Bob is rated against her at 100.
    changes = ann_beats_bob(7, ann_career=30)
    assert (changes[1].after, changes[2].after) == (110, 92)
    assert ann_beats_bob(7, ann_career=29)[2].after == 93


# --- rounds ------------------------------------------------------------------------------------


def test_games_are_recorded_from_round_one():
    assert validate_games([EventGame(1, 1, 2, 1.0)], None) == 1
    for bad in (0, -1):
        with pytest.raises(RatingError) as caught:
            validate_games([EventGame(bad, 1, 2, 1.0)], None)
        assert (caught.value.template, caught.value.params) == (BAD_ROUND, {"round": bad})


def test_a_game_may_be_recorded_in_the_last_scheduled_round_but_not_after():
    games = [EventGame(1, 1, 2, 1.0), EventGame(3, 1, 2, 0.5)]
    assert validate_games(games, 3) == 3
    assert validate_games(games, 4) == 4
    with pytest.raises(RatingError) as caught:
        validate_games(games, 2)
    assert (caught.value.template, caught.value.params) == (
        TOO_FEW_ROUNDS,
        {"rounds": 2, "round": 3},
    )
