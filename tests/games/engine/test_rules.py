"""Rule sets: presets, JSON round trips, validation, and the end-of-game arithmetic."""

from __future__ import annotations

import json

import pytest

from games.engine import messages as msg
from games.engine.messages import InvalidRuleSet
from games.engine.rules import (
    PRESETS,
    ChallengeRule,
    PassOut,
    RackBonus,
    RuleSet,
    TieRule,
    finish_line_target,
    overtime_penalty,
    rack_adjustments,
    rules_from_dict,
)


def test_home_preset_is_the_box_rules():
    home = PRESETS["home"]
    assert (home.rack_size, home.bingo_bonus, home.bingo_min_tiles) == (7, 50, 7)
    assert home.challenge is ChallengeRule.LOSE_TURN
    assert home.pass_out is PassOut.EACH_PASSES_TWICE
    assert home.rack_bonus is RackBonus.STANDARD
    assert home.exchange_min_bag == 1
    assert home.tie is TieRule.HIGHER_BEFORE_ADJUSTMENTS
    assert (home.min_players, home.max_players) == (2, 4)


def test_naspa_preset_has_game_clock_double_challenge_and_doubled_rack_bonus():
    naspa = PRESETS["naspa"]
    assert naspa.game_clock_seconds == 1500 and naspa.overtime_penalty_per_minute == 10
    assert naspa.challenge is ChallengeRule.LOSE_TURN
    assert naspa.pass_out is PassOut.SCORELESS_TURNS and naspa.scoreless_turns_to_end == 6
    assert naspa.rack_bonus is RackBonus.DOUBLED
    assert naspa.exchange_min_bag == 7
    assert naspa.tie is TieRule.TIE_STANDS and naspa.max_players == 2


def test_wespa_preset_is_naspa_with_a_five_point_challenger_penalty():
    wespa = PRESETS["wespa"]
    assert wespa.challenge is ChallengeRule.CHALLENGER_PENALTY and wespa.challenge_points == 5
    assert wespa.game_clock_seconds == 1500 and wespa.rack_bonus is RackBonus.DOUBLED


def test_thai_preset_follows_seed_004():
    thai = PRESETS["thai"]
    assert thai.turn_time_limit_seconds == 60 and thai.challenge_window_seconds == 60
    assert thai.max_turns_per_player == 20
    assert thai.pass_out is PassOut.SCORELESS_TURNS and thai.scoreless_turns_to_end == 6
    assert thai.rack_bonus is RackBonus.DOUBLED and not thai.blanks_count_in_rack_adjustment
    assert thai.exchange_min_bag == 7 and thai.game_clock_seconds is None
    assert thai.tie is TieRule.PLAYOFF_WORD and thai.late_forfeit_minutes == 15


def test_nine_tile_and_finish_line_presets():
    assert (PRESETS["nine_tile"].rack_size, PRESETS["nine_tile"].bingo_min_tiles) == (9, 7)
    assert PRESETS["finish_line"].target_score == 120


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_survives_a_json_round_trip(name):
    stored = json.dumps(PRESETS[name].to_dict())
    assert rules_from_dict(json.loads(stored)) == PRESETS[name]


def test_director_composes_rules_from_a_preset():
    rules = rules_from_dict(
        {"name": "club", "challenge": "challenged_bonus", "challenge_points": 10},
        base=PRESETS["naspa"],
    )
    assert rules.challenge is ChallengeRule.CHALLENGED_BONUS and rules.challenge_points == 10
    assert rules.game_clock_seconds == 1500


@pytest.mark.parametrize(
    ("changes", "template"),
    [
        ({"colour": "red"}, msg.RULE_UNKNOWN_FIELD),
        ({"challenge": "shout"}, msg.RULE_BAD_VALUE),
        ({"rack_size": "7"}, msg.RULE_BAD_VALUE),
        ({"rack_size": 1}, msg.RULE_OUT_OF_RANGE),
        ({"bingo_min_tiles": 8}, msg.RULE_BINGO_TILES),
        ({"challenge": "challenger_penalty"}, msg.RULE_CHALLENGE_POINTS),
        ({"min_players": 3, "max_players": 2}, msg.RULE_PLAYERS),
        ({"exchange_min_bag": 80}, msg.RULE_EXCHANGE_NEVER),
        ({"turn_time_limit_seconds": 0}, msg.RULE_POSITIVE),
        ({"overtime_penalty_per_minute": 10}, msg.RULE_OVERTIME_WITHOUT_CLOCK),
        ({"target_score": -5}, msg.RULE_POSITIVE),
    ],
)
def test_impossible_rules_are_refused_with_their_own_message(changes, template):
    with pytest.raises(InvalidRuleSet) as caught:
        rules_from_dict(changes)
    assert caught.value.template == template


def test_direct_construction_is_validated_too():
    with pytest.raises(InvalidRuleSet):
        RuleSet(rack_size=9, bingo_min_tiles=10)


def test_example_10_rack_of_x_and_a_standard_and_doubled():
    standard, doubled = PRESETS["home"], PRESETS["naspa"]
    assert rack_adjustments(standard, ["", "XA"], out_player=0) == [9, -9]
    assert rack_adjustments(doubled, ["", "XA"], out_player=0) == [18, 0]


def test_without_anyone_out_each_subtracts_their_own_rack():
    assert rack_adjustments(PRESETS["home"], ["Q?", "XA"], out_player=None) == [-10, -9]
    assert rack_adjustments(PRESETS["thai"], ["Q?", "XA"], out_player=None) == [-10, -9]


def test_standard_out_bonus_sums_every_other_rack():
    assert rack_adjustments(PRESETS["home"], ["B", "", "XA"], out_player=1) == [-3, 12, -9]


@pytest.mark.parametrize(
    ("seconds", "penalty"), [(1400, 0), (1500, 0), (1501, 10), (1560, 10), (1561, 20), (1800, 50)]
)
def test_overtime_costs_ten_points_per_minute_or_part(seconds, penalty):
    assert overtime_penalty(PRESETS["naspa"], seconds) == penalty


def test_no_game_clock_means_no_overtime_penalty():
    assert overtime_penalty(PRESETS["home"], 99999) == 0


def test_finish_line_targets_from_seed_001():
    assert finish_line_target(2, "intermediate") == 120
    assert finish_line_target(3, "expert") == 180
    assert finish_line_target(4, "beginner") == 50
