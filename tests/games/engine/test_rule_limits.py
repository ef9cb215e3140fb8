"""Every limit a rule set is checked against, tried exactly at the limit and one past it: ranges,
positive fields, the bingo tile count, the player counts and the bag an exchange needs."""

from __future__ import annotations

import pytest

from games.engine import messages as msg
from games.engine.messages import IllegalMove, InvalidRuleSet
from games.engine.rules import PRESETS, RuleSet
from games.engine.state import GameState

NAMES = ("Ann", "Ben", "Cat", "Dan")


def refused(template: str, **fields) -> InvalidRuleSet:
    with pytest.raises(InvalidRuleSet) as caught:
        RuleSet(**fields)
    assert caught.value.template == template
    return caught.value


@pytest.mark.parametrize(
    ("field", "least", "most", "extra"),
    [
        ("rack_size", 2, 15, {"bingo_min_tiles": 2, "max_players": 2}),
        ("scoreless_turns_to_end", 2, 100, {}),
        ("bingo_bonus", 0, 1000, {}),
        ("challenge_points", 0, 1000, {}),
        ("overtime_penalty_per_minute", 0, 1000, {"game_clock_seconds": 1500}),
        ("min_players", 2, 4, {"max_players": 4}),
        ("max_players", 2, 4, {}),
    ],
)
def test_ranged_rules_accept_both_ends_and_refuse_one_past_either(field, least, most, extra):
    assert getattr(RuleSet(**extra, **{field: least}), field) == least
    assert getattr(RuleSet(**extra, **{field: most}), field) == most
    for value in (least - 1, most + 1):
        error = refused(msg.RULE_OUT_OF_RANGE, **extra, **{field: value})
        assert error.params == {"field": field, "least": least, "most": most, "value": value}


@pytest.mark.parametrize(
    "field",
    [
        "challenge_window_seconds",
        "turn_time_limit_seconds",
        "game_clock_seconds",
        "max_turns_per_player",
        "target_score",
        "late_forfeit_minutes",
    ],
)
def test_optional_limits_must_be_at_least_one(field):
    assert getattr(RuleSet(**{field: 1}), field) == 1
    for value in (0, -1):
        assert refused(msg.RULE_POSITIVE, **{field: value}).params == {
            "field": field,
            "value": value,
        }


def test_bingo_tile_count_runs_from_one_to_the_rack_size():
    assert RuleSet(rack_size=9, bingo_min_tiles=9).bingo_min_tiles == 9
    assert RuleSet(bingo_min_tiles=1).bingo_min_tiles == 1
    assert refused(msg.RULE_BINGO_TILES, rack_size=9, bingo_min_tiles=10).params == {
        "bingo": 10,
        "rack": 9,
    }
    refused(msg.RULE_BINGO_TILES, bingo_min_tiles=0)


def test_equal_least_and_most_players_is_allowed():
    assert RuleSet(min_players=3, max_players=3).max_players == 3
    refused(msg.RULE_PLAYERS, min_players=4, max_players=3)


def test_exchanges_may_need_every_tile_left_after_the_racks_but_no_more():
    # Four racks of 7 leave 72 tiles; two racks of 7 leave 86.
    assert RuleSet(exchange_min_bag=72).exchange_min_bag == 72
    error = refused(msg.RULE_EXCHANGE_NEVER, exchange_min_bag=73)
    assert error.params == {"needed": 73, "left": 72, "players": 4, "rack": 7}
    assert RuleSet(max_players=2, exchange_min_bag=86).exchange_min_bag == 86
    refused(msg.RULE_EXCHANGE_NEVER, max_players=2, exchange_min_bag=87)


def test_a_challenge_points_rule_needs_at_least_one_point():
    rules = RuleSet(challenge=PRESETS["wespa"].challenge, challenge_points=1)
    assert rules.challenge_points == 1
    refused(msg.RULE_CHALLENGE_POINTS, challenge=PRESETS["wespa"].challenge, challenge_points=0)


@pytest.mark.parametrize(("least", "most"), [(2, 2), (2, 3), (3, 4), (2, 4)])
def test_a_game_takes_from_the_least_to_the_most_players(least, most):
    rules = RuleSet(min_players=least, max_players=most)
    for count in range(least, most + 1):
        assert len(GameState.new(rules, NAMES[:count], seed=1).players) == count
    for count in (least - 1, most + 1):
        if 1 <= count <= 4:
            with pytest.raises(IllegalMove) as caught:
                GameState.new(rules, NAMES[:count], seed=1)
            assert caught.value.params == {"least": least, "most": most, "count": count}
