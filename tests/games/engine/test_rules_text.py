"""A rule set in plain sentences: every field shows, each change of a field changes the text."""

from dataclasses import fields, replace

import pytest

from games.engine.rules import NASPA, PRESETS, ChallengeRule, PassOut, RackBonus, RuleSet, TieRule
from games.engine.rules_text import PRESET_TEXTS, Phrase, describe, duration, render


def text(rules: RuleSet) -> list[str]:
    return [render(phrase) for phrase in describe(rules)]


def test_thai_rules_read_as_the_association_writes_them():
    assert text(PRESETS["thai"]) == [
        "Rule set: Thai association.",
        "Racks hold 7 tiles.",
        "Playing 7 or more tiles in one turn earns 50 extra points.",
        "1 minute per turn; a turn over time is lost.",
        "There is no game clock.",
        "A play may be challenged within 1 minute.",
        "A player who challenges an acceptable play loses their next turn.",
        "20 turns a side.",
        "The game ends after 6 scoreless turns in a row, all players' turns counted.",
        "There is no target score.",
        "Going out earns double the value of the tiles left on the other racks; "
        "the others lose nothing.",
        "Blanks left on a rack count 0.",
        "Exchanges need at least 7 tiles in the bag.",
        "A tie is settled by a play-off: each player draws 7 tiles and makes a word; "
        "the higher score wins.",
        "A player more than 15 minutes late forfeits the game.",
        "A game is for 2 players.",
    ]


def test_naspa_game_clock_and_overtime_penalty_are_one_sentence():
    assert (
        "Each player has 25 minutes on the game clock; going over costs 10 points per minute "
        "or part of a minute." in text(NASPA)
    )
    free = replace(NASPA, overtime_penalty_per_minute=0)
    assert "Each player has 25 minutes on the game clock; going over costs nothing." in text(free)


# One base and one changed value for every field: each base is chosen so the field matters.
THAI = PRESETS["thai"]
CHANGES = {
    "name": (THAI, "naspa"),
    "rack_size": (THAI, 8),
    "bingo_bonus": (THAI, 35),
    "bingo_min_tiles": (THAI, 6),
    "challenge": (replace(THAI, challenge_points=5), ChallengeRule.CHALLENGER_PENALTY),
    "challenge_points": (PRESETS["wespa"], 10),
    "challenge_window_seconds": (THAI, None),
    "turn_time_limit_seconds": (THAI, 90),
    "game_clock_seconds": (NASPA, 20 * 60),
    "overtime_penalty_per_minute": (NASPA, 5),
    "max_turns_per_player": (THAI, None),
    "pass_out": (THAI, PassOut.EACH_PASSES_TWICE),
    "scoreless_turns_to_end": (THAI, 4),
    "rack_bonus": (THAI, RackBonus.STANDARD),
    "blanks_count_in_rack_adjustment": (THAI, True),
    "exchange_min_bag": (THAI, 1),
    "target_score": (THAI, 150),
    "tie": (THAI, TieRule.TIE_STANDS),
    "late_forfeit_minutes": (THAI, 10),
    "min_players": (replace(THAI, max_players=4), 3),
    "max_players": (THAI, 4),
}


def test_every_field_of_the_rule_set_has_a_change_to_test():
    assert set(CHANGES) == {f.name for f in fields(RuleSet)}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_changing_a_field_changes_the_text(name):
    base, value = CHANGES[name]
    changed = replace(base, **{name: value})
    assert text(changed) != text(base)
    assert text(replace(changed, **{name: getattr(base, name)})) == text(base)  # and back


@pytest.mark.parametrize(
    ("seconds", "said"),
    [(1, "1 second"), (59, "59 seconds"), (60, "1 minute"), (61, "61 seconds"), (120, "2 minutes")],
)
def test_durations_are_whole_minutes_or_seconds(seconds, said):
    assert render(duration(seconds)) == said


def test_counts_of_one_read_singular_and_of_two_plural():
    one = text(replace(THAI, exchange_min_bag=1, max_turns_per_player=1))
    assert "Exchanges need at least 1 tile in the bag." in one
    assert "1 turn a side." in one
    two = text(replace(THAI, exchange_min_bag=2, max_turns_per_player=2))
    assert "Exchanges need at least 2 tiles in the bag." in two
    assert "2 turns a side." in two


def test_a_rule_set_of_no_preset_is_named_custom_or_by_its_own_name():
    assert text(RuleSet())[0] == "Rule set: Custom rules."
    assert text(RuleSet(name="club"))[0] == "Rule set: club."


def test_every_preset_has_a_human_name_and_a_description():
    assert set(PRESET_TEXTS) == set(PRESETS)
    assert all(p.name and p.description for p in PRESET_TEXTS.values())


def test_render_hands_every_template_to_the_translator_nested_ones_first():
    seen = []

    def translate(singular, plural, count):
        seen.append((singular, plural, count))
        return {"Wait %(time)s.": "Warte %(time)s.", "%(count)d minutes": "%(count)d Minuten"}[
            plural or singular
        ]

    phrase = Phrase("Wait %(time)s.", params={"time": duration(120)})
    assert render(phrase, translate) == "Warte 2 Minuten."
    assert seen == [("%(count)d minute", "%(count)d minutes", 2), ("Wait %(time)s.", None, None)]
