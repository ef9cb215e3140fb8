"""Verifying GCG records by replaying them (games/engine/replay.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.records import random_record
from games.engine import messages as msg
from games.engine import replay
from games.engine.gcg import EventKind, parse_gcg
from games.engine.replay import Problem, verify_game

FIXTURES = Path(__file__).parent / "gcg_fixtures"
HEADER = "#player1 alice Alice\n#player2 bob Bob\n"
OPENING = HEADER + ">alice: AINRTXY 8D TRAIN +12 12\n"  # line 3


def verify_text(text: str) -> list[tuple[int, str, dict[str, object]]]:
    result = verify_game(parse_gcg(text))
    return [(p.line, p.template, p.params) for p in result.problems]


# ----------------------------------------------------------------------------- real records


@pytest.mark.parametrize(
    ("name", "final_scores", "plays_rescored", "events"),
    [
        ("doug_v_emely.gcg", (451, 345), 26, 28),
        ("logan.gcg", (440, 438), 23, 24),
        ("some_isc_game.gcg", (364, 409), 22, 24),
        ("vs_frentz.gcg", (439, 550), 22, 25),
    ],
)
def test_real_tournament_records_verify_clean(
    name: str, final_scores: tuple[int, int], plays_rescored: int, events: int
) -> None:
    result = verify_game(parse_gcg((FIXTURES / name).read_bytes()))
    assert result.problems == ()
    assert result.ok
    assert result.final_scores == final_scores
    assert result.recomputed_scores == final_scores
    assert (result.plays_rescored, result.events) == (plays_rescored, events)


def test_real_record_with_a_rack_slip_is_caught() -> None:
    # Noah kept ?RSW after U.VA (line 7), yet his next full rack is written INNRRSW.
    result = verify_game(parse_gcg((FIXTURES / "noah_vs_peter.gcg").read_bytes()))
    assert result.problems == (Problem(9, replay.LEAVE_MISSING, {"rack": "INNRRSW", "tiles": "?"}),)
    assert result.problems[0].message == (
        "The rack INNRRSW does not hold ?, kept from the player's previous turn."
    )
    assert result.final_scores == (471, 407)
    assert result.plays_rescored == 38


# ----------------------------------------------------------------------------- hand-written


def test_record_with_every_event_kind_verifies_clean() -> None:
    result = verify_game(parse_gcg((FIXTURES / "all_events.gcg").read_bytes()))
    assert result.problems == ()
    assert result.final_scores == (113, -22)
    # TRAIN, the withdrawn .HORBS, X. and the ELAtIO.S bingo (8 + XO 9 + 50 = 67).
    assert result.plays_rescored == 4


def test_incomplete_record_with_final_racks_verifies_clean() -> None:
    result = verify_game(parse_gcg((FIXTURES / "incomplete_latin1_crlf.gcg").read_bytes()))
    assert result.problems == ()
    assert result.final_scores == (12, 20)


def test_wrong_record_reports_each_problem_on_its_line() -> None:
    result = verify_game(parse_gcg((FIXTURES / "wrong.gcg").read_bytes()))
    assert [(p.line, p.message) for p in result.problems] == [
        (3, "8D TRAIN is recorded as 14 points but scores 12."),
        (4, "The running total is recorded as 25, but 0 plus 20 makes 20."),
        (
            5,
            "The rack EILOXXY holds X, which are not unseen: they are already on the board "
            "or used up.",
        ),
        (6, "The tiles O are not on the rack ELSUVWY."),
        (7, "The rack ELSUVWY is worth 16, so the deduction is -16, not -15."),
    ]
    assert result.problems[0].template == replay.SCORE_MISMATCH
    assert result.problems[0].params == {"move": "8D TRAIN", "recorded": 14, "computed": 12}
    assert result.final_scores == (31, 12)
    assert result.recomputed_scores == (29, 7)


def test_final_rack_missing_kept_tiles_is_reported_for_the_record() -> None:
    text = OPENING + "#rack1 ABCDEFG\n"
    assert verify_text(text) == [(0, replay.LEAVE_MISSING, {"rack": "ABCDEFG", "tiles": "XY"})]


# ----------------------------------------------------------------------------- plays


def test_illegal_play_reports_the_engine_reason() -> None:
    problems = verify_text(HEADER + ">alice: AINRTXY 1A TRAIN +12 12\n")
    assert problems == [(3, msg.FIRST_PLAY_OFF_CENTRE, {"square": "H8"})]


def test_withdrawn_phony_leaves_the_board_as_it_was() -> None:
    # HORB at D9 is withdrawn, so the opponent can put their own tiles on D9-D12.
    text = (
        OPENING
        + ">bob: BEHORSU D8 .HORB +20 20\n"
        + ">bob: BEHORSU -- -20 0\n"
        + ">alice: EILOXY? D8 .OE +3 15\n"
    )
    assert verify_text(text) == []


def test_withdrawing_the_wrong_amount_is_reported() -> None:
    text = OPENING + ">bob: BEHORSU D8 .HORB +20 20\n>bob: BEHORSU -- -2 18\n"
    assert verify_text(text) == [
        (5, replay.WITHDRAW_SCORE, {"played": 20, "expected": -20, "recorded": -2})
    ]


def test_withdrawal_needs_a_play_by_the_same_player_just_before() -> None:
    assert verify_text(OPENING + ">bob: BEHORSU -- +0 0\n") == [(4, replay.NO_PLAY_TO_WITHDRAW, {})]


def test_challenge_bonus_needs_the_players_play_just_before() -> None:
    assert verify_text(OPENING + ">bob: (challenge) +5 5\n") == [(4, replay.NO_PLAY_FOR_BONUS, {})]
    assert verify_text(OPENING + ">alice: (challenge) +5 17\n") == []


def test_full_rack_must_hold_what_the_player_kept() -> None:
    text = OPENING + ">bob: BEHORSU D8 .HORB +20 20\n>alice: ABCDEFG - +0 12\n"
    assert verify_text(text) == [(5, replay.LEAVE_MISSING, {"rack": "ABCDEFG", "tiles": "XY"})]


def test_short_rack_while_the_bag_holds_tiles_is_taken_as_partial() -> None:
    # Annotators often write only the tiles played: "G" says nothing about the kept XY.
    text = OPENING + ">bob: BEHORSU D8 .HORB +20 20\n>alice: G - +0 12\n"
    assert verify_text(text) == []


# ----------------------------------------------------------------------------- other turns


def test_pass_and_exchange_must_score_zero() -> None:
    text = OPENING + ">bob: BEHORSU - +3 3\n>alice: -2 +1 13\n"
    assert verify_text(text) == [
        (4, replay.SCORELESS_TURN, {"recorded": 3}),
        (5, replay.SCORELESS_TURN, {"recorded": 1}),
    ]


def test_exchange_count_and_tiles_are_checked() -> None:
    text = OPENING + ">bob: BEHORSU -8 +0 0\n>alice: EILOXY? -QQ +0 12\n"
    assert verify_text(text) == [
        (4, replay.EXCHANGE_COUNT, {"most": 7, "count": 8}),
        (5, replay.NOT_ON_RACK, {"tiles": "QQ", "rack": "EILOXY?"}),
    ]


def test_exchange_keeps_the_tiles_not_put_back() -> None:
    text = OPENING + ">bob: BEHORSU -BH +0 0\n>bob: ABCDEFG - +0 0\n"
    assert verify_text(text) == [(5, replay.LEAVE_MISSING, {"rack": "ABCDEFG", "tiles": "ORSU"})]


# ----------------------------------------------------------------------------- end of game


@pytest.mark.parametrize(("score", "ok"), [(4, True), (8, True), (6, False)])
def test_going_out_gains_the_rack_value_or_twice_it(score: int, ok: bool) -> None:
    text = OPENING + f">bob: BEHORSU D8 .HORB +20 20\n>alice:  (EOSU) +{score} {12 + score}\n"
    # alice kept XY after TRAIN, so she cannot have gone out: that is reported every time.
    expected = [(5, replay.OUT_WITH_TILES, {"tiles": "XY"})]
    if not ok:
        bonus = {"rack": "EOSU", "value": 4, "doubled": 8, "recorded": score}
        expected.append((5, replay.RACK_BONUS_VALUE, bonus))
    assert verify_text(text) == expected


def test_going_out_with_an_empty_rack_verifies_clean() -> None:
    text = HEADER + ">alice: AT 8G AT +4 4\n>bob: EE (EE) -2 -2\n>alice:  (EE) +4 8\n"
    assert verify_text(text) == []


def test_rack_deducted_must_be_the_players_rack() -> None:
    text = OPENING + ">bob: BEHORSU (BEHORS) -11 -11\n"
    assert verify_text(text) == [
        (4, replay.RACK_NOT_COUNTED, {"counted": "BEHORS", "rack": "BEHORSU"})
    ]


def test_rack_deducted_must_be_its_value() -> None:
    text = OPENING + ">bob: (BEHORSU) -11 -11\n"
    assert verify_text(text) == [
        (4, replay.RACK_PENALTY_VALUE, {"rack": "BEHORSU", "value": 12, "recorded": -11})
    ]


def test_time_penalty_counts_in_the_running_total() -> None:
    text = OPENING + ">alice: XY (time) -10 2\n>alice: XY (time) -10 3\n"
    assert verify_text(text) == [
        (5, replay.TOTAL_MISMATCH, {"recorded": 3, "previous": 2, "score": -10, "expected": -8})
    ]


# ----------------------------------------------------------------------------- generated


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_games_verify_clean(seed: int) -> None:
    game = random_record(seed)
    result = verify_game(game)
    assert result.problems == ()
    assert result.plays_rescored == sum(e.kind is EventKind.PLAY for e in game.events)
    assert result.final_scores == result.recomputed_scores
