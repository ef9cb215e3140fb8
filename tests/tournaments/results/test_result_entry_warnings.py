"""The unusual-result warnings and the result-line limits, exactly at each limit and one either
side, and the spread warning whichever player won."""

from __future__ import annotations

import pytest

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

# --- the spread warning, both ways -------------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [(700, 150), (150, 700)])
def test_an_unusually_large_spread_is_flagged_whichever_player_won(first, second):
    assert unusual_scores(first, second) == [Reason(re_.BIG_SPREAD, {"spread": 550})]
    assert str(unusual_scores(first, second)[0]) == "A spread of 550 is unusually large."


@pytest.mark.parametrize(("spread", "flagged"), [(499, False), (500, False), (501, True)])
def test_spread_warning_starts_just_above_500_in_either_direction(spread, flagged):
    for first, second in ((200 + spread, 200), (200, 200 + spread)):
        expected = [Reason(re_.BIG_SPREAD, {"spread": spread})] if flagged else []
        assert unusual_scores(first, second) == expected


# --- low and high scores -----------------------------------------------------------------------


@pytest.mark.parametrize(("score", "flagged"), [(99, True), (100, False), (101, False)])
def test_low_score_warning_starts_just_below_100_for_either_player(score, flagged):
    expected = [Reason(re_.LOW_SCORE, {"score": score})] if flagged else []
    assert unusual_scores(score, 400) == expected
    assert unusual_scores(400, score) == expected


@pytest.mark.parametrize(("score", "flagged"), [(899, False), (900, False), (901, True)])
def test_high_score_warning_starts_just_above_900_for_either_player(score, flagged):
    expected = [Reason(re_.HIGH_SCORE, {"score": score})] if flagged else []
    assert unusual_scores(score, 500) == expected
    assert unusual_scores(500, score) == expected


def test_zero_is_unusually_low_but_possible():
    assert unusual_scores(0, 350) == [Reason(re_.LOW_SCORE, {"score": 0})]
    assert impossible_scores(0, 350) == []
    assert impossible_scores(350, 0) == []


def test_a_score_under_minus_5000_is_impossible_for_either_player_and_minus_24_is_not():
    assert impossible_scores(-5001, 350) == [
        Reason(re_.SCORE_TOO_LOW, {"score": -5001, "least": -5000})
    ]
    assert impossible_scores(350, -5001) == [
        Reason(re_.SCORE_TOO_LOW, {"score": -5001, "least": -5000})
    ]
    assert impossible_scores(-5000, 350) == impossible_scores(1, -24) == []
    # a negative score (rack deductions, overtime) is possible but asks to be confirmed
    assert unusual_scores(1, -24) == [
        Reason(re_.LOW_SCORE, {"score": 1}),
        Reason(re_.LOW_SCORE, {"score": -24}),
    ]


# --- the result line's limits ------------------------------------------------------------------


def refusal(text: str) -> EntryLineError:
    with pytest.raises(EntryLineError) as caught:
        parse_entry_line(text)
    return caught.value


def test_table_and_player_numbers_start_at_one():
    assert parse_entry_line("1 380 402") == TableScores(1, 380, 402)
    assert parse_entry_line("1 380 2 402") == PlayerScores(1, 380, 2, 402)
    assert parse_entry_line("f 1") == Forfeit(1)
    assert parse_entry_line("ff 1") == DoubleForfeit(1)
    for text, template in [
        ("0 380 402", re_.BAD_TABLE),
        ("0 380 2 402", re_.BAD_PLAYER),
        ("2 380 0 402", re_.BAD_PLAYER),
        ("f 0", re_.BAD_PLAYER),
        ("ff 0", re_.BAD_TABLE),
    ]:
        error = refusal(text)
        assert (error.template, error.params) == (template, {"number": 0})


def test_a_score_down_to_minus_5000_can_be_typed_and_minus_5001_cannot():
    assert parse_entry_line("3 0 402") == TableScores(3, 0, 402)
    assert parse_entry_line("3 1 -24") == TableScores(3, 1, -24)
    assert parse_entry_line("7 -5000 12 402") == PlayerScores(7, -5000, 12, 402)
    for text in ("3 -5001 402", "3 402 -5001", "7 402 12 -5001"):
        error = refusal(text)
        assert (error.template, error.params) == (
            re_.SCORE_TOO_LOW,
            {"score": -5001, "least": -5000},
        )
