"""The quick result line and the score checks, without Django."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.results import result_entry as re_
from tournaments.results.result_entry import (
    DoubleForfeit,
    EntryLineError,
    Forfeit,
    PlayerScores,
    Reason,
    TableScores,
    impossible_scores,
    parse_entry_line,
    unusual_scores,
)


def test_table_form_reads_scores_in_side_order():
    assert parse_entry_line("3 380 402") == TableScores(table=3, first_score=380, second_score=402)


def test_player_number_form_keeps_who_scored_what():
    assert parse_entry_line("7 380 12 402") == PlayerScores(
        player=7, score=380, opponent=12, opponent_score=402
    )


def test_commas_and_extra_spaces_separate_like_spaces():
    assert parse_entry_line("  3, 380,402 ") == TableScores(3, 380, 402)


def test_forfeit_names_the_player_who_forfeits():
    assert parse_entry_line("f 12") == Forfeit(player=12)
    assert parse_entry_line("F 12") == Forfeit(player=12)


def test_double_forfeit_names_the_table():
    assert parse_entry_line("ff 3") == DoubleForfeit(table=3)
    assert parse_entry_line("FF 3") == DoubleForfeit(table=3)


def _error(text: str) -> EntryLineError:
    with pytest.raises(EntryLineError) as caught:
        parse_entry_line(text)
    return caught.value


@pytest.mark.parametrize(
    ("text", "template", "params", "message"),
    [
        ("", re_.EMPTY_LINE, {}, "Type a result, e.g. “3 380 402”."),
        ("   ", re_.EMPTY_LINE, {}, "Type a result, e.g. “3 380 402”."),
        ("3 38o 402", re_.NOT_A_NUMBER, {"token": "38o"}, "“38o” is not a number."),
        ("3 1_000 402", re_.NOT_A_NUMBER, {"token": "1_000"}, "“1_000” is not a number."),
        (
            "3 -5001 402",
            re_.SCORE_TOO_LOW,
            {"score": -5001, "least": -5000},
            "A score cannot be under -5000 (-5001).",
        ),
        (
            "7 380 12 -5001",
            re_.SCORE_TOO_LOW,
            {"score": -5001, "least": -5000},
            "A score cannot be under -5000 (-5001).",
        ),
        ("0 380 402", re_.BAD_TABLE, {"number": 0}, "Table numbers start at 1 (got 0)."),
        ("0 380 2 402", re_.BAD_PLAYER, {"number": 0}, "Player numbers start at 1 (got 0)."),
        ("ff 0", re_.BAD_TABLE, {"number": 0}, "Table numbers start at 1 (got 0)."),
        ("f -2", re_.BAD_PLAYER, {"number": -2}, "Player numbers start at 1 (got -2)."),
        (
            "3 5001 402",
            re_.SCORE_TOO_HIGH,
            {"score": 5001, "most": 5000},
            "A score cannot be over 5000 (5001).",
        ),
        (
            "7 380 12 99999999999999999999",
            re_.SCORE_TOO_HIGH,
            {"score": 99999999999999999999, "most": 5000},
            "A score cannot be over 5000 (99999999999999999999).",
        ),
        (
            "1000 380 402",
            re_.TABLE_TOO_HIGH,
            {"number": 1000, "most": 999},
            "Table numbers go up to 999 (got 1000).",
        ),
        (
            "ff 1000",
            re_.TABLE_TOO_HIGH,
            {"number": 1000, "most": 999},
            "Table numbers go up to 999 (got 1000).",
        ),
        (
            "10000 380 2 402",
            re_.PLAYER_TOO_HIGH,
            {"number": 10000, "most": 9999},
            "Player numbers go up to 9999 (got 10000).",
        ),
        (
            "f 10000",
            re_.PLAYER_TOO_HIGH,
            {"number": 10000, "most": 9999},
            "Player numbers go up to 9999 (got 10000).",
        ),
        (
            "7 380 7 402",
            re_.SAME_PLAYER,
            {"player": 7},
            "Player 7 cannot play against themselves.",
        ),
        ("3 380", re_.WRONG_SHAPE, {}, re_.WRONG_SHAPE),
        ("1 2 3 4 5", re_.WRONG_SHAPE, {}, re_.WRONG_SHAPE),
        ("f", re_.WRONG_SHAPE, {}, re_.WRONG_SHAPE),
        ("f 3 4", re_.WRONG_SHAPE, {}, re_.WRONG_SHAPE),
        ("ff x", re_.NOT_A_NUMBER, {"token": "x"}, "“x” is not a number."),
    ],
)
def test_bad_lines_are_refused_with_the_reason(text, template, params, message):
    err = _error(text)
    assert (err.template, err.params, str(err)) == (template, params, message)


@settings(max_examples=60)
@given(table=st.integers(1, 99), first=st.integers(0, 1200), second=st.integers(0, 1200))
def test_any_table_line_round_trips(table, first, second):
    assert parse_entry_line(f"{table} {first} {second}") == TableScores(table, first, second)


def test_lines_at_every_upper_limit_are_taken():
    assert parse_entry_line("999 5000 5000") == TableScores(999, 5000, 5000)
    assert parse_entry_line("9999 0 1 5000") == PlayerScores(9999, 0, 1, 5000)
    assert parse_entry_line("f 9999") == Forfeit(9999)
    assert parse_entry_line("ff 999") == DoubleForfeit(999)


def test_missing_negative_and_too_high_scores_are_impossible():
    assert impossible_scores(None, 400) == [Reason(re_.MISSING_SCORE, {})]
    assert impossible_scores(-5001, 400) == [
        Reason(re_.SCORE_TOO_LOW, {"score": -5001, "least": -5000})
    ]
    assert impossible_scores(-1, 400) == []
    assert impossible_scores(400, 5001) == [
        Reason(re_.SCORE_TOO_HIGH, {"score": 5001, "most": 5000})
    ]
    assert impossible_scores(0, 400) == []
    assert impossible_scores(5000, 0) == []


def test_ordinary_scores_are_not_unusual():
    assert unusual_scores(100, 600) == []
    assert unusual_scores(900, 400) == []


def test_scores_outside_100_to_900_are_unusual():
    assert unusual_scores(99, 350) == [Reason(re_.LOW_SCORE, {"score": 99})]
    assert unusual_scores(450, 901) == [Reason(re_.HIGH_SCORE, {"score": 901})]


def test_a_spread_above_500_is_unusual_and_500_is_not():
    assert unusual_scores(650, 150) == []
    assert unusual_scores(651, 150) == [Reason(re_.BIG_SPREAD, {"spread": 501})]


def test_several_reasons_are_all_given():
    assert [r.template for r in unusual_scores(950, 50)] == [
        re_.HIGH_SCORE,
        re_.LOW_SCORE,
        re_.BIG_SPREAD,
    ]


def test_a_score_that_does_not_match_the_scoresheet_is_unusual():
    assert unusual_scores(400, 380, scoresheet=(400, 380)) == []
    (reason,) = unusual_scores(380, 400, scoresheet=(400, 380))
    assert str(reason) == "The scoresheet says 400–380, not 380–400."


def test_a_line_is_at_most_max_line_length_characters_once_stripped():
    longest = "1 400 300".ljust(re_.MAX_LINE_LENGTH - 1) + "9"
    with pytest.raises(re_.EntryLineError) as err:
        re_.parse_entry_line(longest + "0")
    assert (err.value.template, err.value.params) == (re_.LINE_TOO_LONG, {"most": 80})
    assert str(err.value) == "A line holds at most 80 characters."
    assert re_.parse_entry_line(longest) == re_.PlayerScores(1, 400, 300, 9)  # 80: read
    assert re_.parse_entry_line(f"  {'1 400 300':<78}  ") == re_.TableScores(1, 400, 300)
