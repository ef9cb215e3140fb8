"""Scoring and placement legality, including every worked example of RULES.md (1-9)."""

from __future__ import annotations

import pytest

from games.engine import messages as msg
from games.engine.board import Board, Placement, layout_from_rows
from games.engine.messages import IllegalMove
from games.engine.moves import parse_move
from games.engine.scoring import apply_play, score_play


def play_on(board: Board, text: str, **kwargs) -> int:
    """Score ``text`` on ``board``, put it down, and return the score."""
    scored = score_play(board, parse_move(text), **kwargs)
    apply_play(board, scored)
    return scored.score


# --- worked examples -------------------------------------------------------------------------


def test_example_1_train_first_play_through_centre_scores_12():
    scored = score_play(Board(), parse_move("8D TRAIN"))
    assert scored.score == 12
    assert scored.words == ("TRAIN",)
    assert not scored.bingo


def test_example_2_strainers_on_triple_word_ignores_used_premiums_scores_27():
    # Row 8: 3W on C8, 2L on D8 (under T), 2W on H8 (the centre); the rest plain, as RULES.md asks.
    rows = ["." * 15] * 15
    rows[7] = "..Td...D......."
    board = Board(layout_from_rows(rows))
    assert play_on(board, "8D TRAIN") == 12  # the 2L and the centre 2W count this time
    scored = score_play(board, parse_move("8C S.....ERS"))
    assert scored.main_word == "STRAINERS"
    assert scored.score == 27  # 9 x 3: the old 2L and 2W do not count again


def test_example_3_thorb_under_the_t_with_triple_letter_scores_12():
    board = Board()
    play_on(board, "8F TRAIN")
    # RULES.md's sum "1 + 4 + 1x3 + 1 + 3" triples the third letter, so the O (worth 1, like
    # the R) lands on the 3L at F10; column D under TRAIN at 8D would hit the 2W at D12.
    scored = score_play(board, parse_move("F8 .HORB"))
    assert scored.words == ("THORB",)
    assert scored.score == 12  # 1 + 4 + 1x3 + 1 + 3


def test_example_4_hob_parallel_scores_every_word_for_25():
    board = Board()
    assert play_on(board, "8B TRAINER", rack="TRAINER") == 66  # 16 + 50 bingo
    scored = score_play(board, parse_move("7E HOB"))  # B on the 2L at G7
    assert scored.words == ("HOB", "HI", "ON", "BE")
    assert scored.word_scores == (11, 5, 2, 7)
    assert scored.score == 25


def test_example_5_throbs_down_column_a_makes_strainer_for_69():
    board = Board()
    play_on(board, "8B TRAINER")
    scored = score_play(board, parse_move("A3 THROBS"))  # H on the 2L at A4, S on the 3W at A8
    assert scored.words == ("THROBS", "STRAINER")
    assert scored.word_scores == (45, 24)
    assert scored.score == 69


def test_example_6_conquest_across_two_triple_words_scores_261(lay):
    board = lay(Board(), "C1 NOTE", "G1 SOT")
    scored = score_play(board, parse_move("1A CO.QUE.T"))
    assert scored.words == ("CONQUEST",)
    assert scored.score == 261  # (19 + 10) x 9


def test_example_7_dogs_with_double_letter_and_triple_word_scores_24(lay):
    board = lay(Board(), "M7 TOE")
    scored = score_play(board, parse_move("8L D.GS"))
    assert scored.words == ("DOGS",)
    assert scored.score == 24  # (2x2 + 1 + 2 + 1) x 3


def test_example_7_dog_then_s_scores_7_then_6(lay):
    board = lay(Board(), "K7 TOE")
    assert play_on(board, "8J D.G") == 7  # G on the 2L at L8
    assert play_on(board, "8J ...S") == 6  # the 2L is used up


def test_example_8_sequence_word_wipe_coin_words_shift_top():
    board = Board()
    assert play_on(board, "8G WORD") == 16
    assert play_on(board, "G8 .IPE") == 10  # I on the 2L at G9
    coin = score_play(board, parse_move("9E CO.N"))
    assert coin.words == ("COIN", "ON")  # ON goes through the used centre 2W
    assert coin.score == 8
    coins = score_play(board, parse_move("9E CO.NS"))
    assert "RS" in coins.words  # the dictionary would refuse it
    apply_play(board, coin)
    assert play_on(board, "8G ....S") == 9
    assert play_on(board, "K8 .HIFT") == 22  # F on the 2W at K11
    assert play_on(board, "12K .oP") == 8  # blank O on the 2W at L12


def test_example_9_claps_with_triple_letter_and_double_word_scores_30(lay):
    board = lay(Board(), "L1 LAX")
    scored = score_play(board, parse_move("2J CL.PS"))
    assert scored.words == ("CLAPS",)
    assert scored.score == 30


# --- other scoring rules -----------------------------------------------------------------------


def test_blank_on_double_word_still_doubles_and_scores_zero():
    scored = score_play(Board(), parse_move("8G qI"))  # blank Q on the centre 2W
    assert scored.score == 2  # (0 + 1) x 2
    assert scored.placed[0] == Placement(7, 6, "Q", True)


def test_two_word_premiums_multiply_together():
    rows = ["." * 15] * 15
    rows[7] = "....D..D......."
    board = Board(layout_from_rows(rows))
    assert score_play(board, parse_move("8E CATES")).score == (3 + 1 + 1 + 1 + 1) * 4


def test_new_tile_on_letter_premium_counts_in_both_words():
    board = Board()
    play_on(board, "8H AT")
    scored = score_play(board, parse_move("9H XI"))  # X under A (AX), I under T (TI)
    # XI: X 8 + I on 2L at I9 (1x2) = 10; AX: 1 + 8 = 9; TI: 1 + 1x2 = 3
    assert scored.words == ("XI", "AX", "TI")
    assert scored.word_scores == (10, 9, 3)
    assert scored.score == 22


def test_bingo_adds_fifty_after_the_word_multiplier():
    scored = score_play(Board(), parse_move("8D RETAINS"), rack="AEINRST")
    assert scored.bingo
    assert scored.score == (2 + 1 + 1 + 1 + 1 + 1 + 1) * 2 + 50  # R on the 2L at D8


def test_seven_tile_rack_emptying_a_short_rack_is_not_a_bingo():
    board = Board()
    five = score_play(board, parse_move("8D RETAI"), rack="AEIRT")  # the last 5 tiles, bag empty
    assert not five.bingo and five.score == 12
    six = score_play(board, parse_move("8D RETAIN"), rack="AEINRT")
    assert not six.bingo and six.score == 14
    full = score_play(board, parse_move("8D RETAINS"), rack="AEINRST")
    assert full.bingo and full.score == 66


def test_nine_tile_rack_earns_the_bonus_from_seven_tiles_not_six():
    board = Board()
    nine = dict(rack_size=9, bingo_min_tiles=7)
    six = score_play(board, parse_move("8D RETAIN"), rack="AEINRTXXX", **nine)
    assert not six.bingo and six.score == 14
    seven = score_play(board, parse_move("8D RETAINS"), rack="AEINRSTXX", **nine)
    assert seven.bingo and seven.score == 66  # 7 of a full rack of 9 earn the 50


def test_nine_tile_short_rack_of_seven_or_eight_emptied_earns_the_bonus():
    board = Board()
    nine = dict(rack_size=9, bingo_min_tiles=7)
    seven = score_play(board, parse_move("8D RETAINS"), rack="AEINRST", **nine)
    assert seven.bingo and seven.score == 66  # all 7 of a short rack, as 7 of 8 do
    seven_of_eight = score_play(board, parse_move("8D RETAINS"), rack="AEINRSTX", **nine)
    assert seven_of_eight.bingo and seven_of_eight.score == 66
    eight = score_play(board, parse_move("8D RETAINER"), rack="AEEINRRT", **nine)
    assert eight.bingo and eight.placed and len(eight.placed) == 8
    assert eight.score == eight.word_scores[0] + 50
    six_left = score_play(board, parse_move("8D RETAIN"), rack="AEINRT", **nine)
    assert not six_left.bingo and six_left.score == 14  # a short rack of 6 emptied: no bonus


def test_nine_tile_bonus_given_only_the_rack_length_agrees():
    board = Board()
    nine = dict(rack_size=9, bingo_min_tiles=7)
    assert score_play(board, parse_move("8D RETAINS"), tiles_on_rack=7, **nine).bingo
    assert not score_play(board, parse_move("8D RETAIN"), tiles_on_rack=6, **nine).bingo


def test_unknown_rack_counts_a_seven_tile_play_as_a_bingo():
    assert score_play(Board(), parse_move("8D RETAINS")).bingo
    assert not score_play(Board(), parse_move("8D RETAIN")).bingo


def test_score_play_does_not_change_the_board():
    board = Board()
    score_play(board, parse_move("8D TRAIN"))
    assert board.is_empty()


def test_letter_on_occupied_square_is_accepted_when_it_matches(lay):
    board = lay(Board(), "8D TRAIN")
    scored = score_play(board, parse_move("8D TRAINS"))
    assert [p.letter for p in scored.placed] == ["S"]
    assert scored.score == 6


# --- illegal placements: one message each ------------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "move", "template"),
    [
        ((), "8L TRAINS", msg.OFF_BOARD),
        (("8D TRAIN",), "8C S......S", msg.GAP_IN_PLAY),
        (("8D TRAIN",), "8D TRAMP", msg.SQUARE_TAKEN),
        (("8D TRAIN",), "8D .....", msg.NO_NEW_TILE),
        ((), "1A CAT", msg.FIRST_PLAY_OFF_CENTRE),
        (("8D TRAIN",), "1A CAT", msg.NOT_TOUCHING),
        (("8D TRAIN",), "8E RAINS", msg.WORD_NOT_FULL),
        (("8D TRAIN",), "8E ....S", msg.WORD_NOT_FULL),
        (("8D TRAIN",), "8B AS", msg.WORD_NOT_FULL),
    ],
)
def test_each_illegal_placement_has_its_own_message(lay, setup, move, template):
    board = lay(Board(), *setup)
    with pytest.raises(IllegalMove) as caught:
        score_play(board, parse_move(move))
    assert caught.value.template == template


def test_first_play_of_one_tile_is_refused():
    with pytest.raises(IllegalMove) as caught:
        score_play(Board(), parse_move("8H A"))
    assert caught.value.template == msg.FIRST_PLAY_ONE_TILE


def test_one_letter_main_word_is_refused(lay):
    board = lay(Board(), "8D TRAIN")
    with pytest.raises(IllegalMove) as caught:
        score_play(board, parse_move("9D S"))  # across, alone in its row: a 1-letter word
    assert caught.value.template == msg.WORD_TOO_SHORT
    assert caught.value.params == {"word": "S"}


def test_tiles_not_on_rack_are_refused_and_blank_needs_a_question_mark():
    with pytest.raises(IllegalMove) as caught:
        score_play(Board(), parse_move("8D TRAIN"), rack="TRAIQXX")
    assert caught.value.template == msg.MISSING_FROM_RACK
    assert caught.value.params == {"rack": "TRAIQXX", "tiles": "N"}
    assert score_play(Board(), parse_move("8D TRAIn"), rack="TRAI?").score == 10
    with pytest.raises(IllegalMove):
        score_play(Board(), parse_move("8D TRAIn"), rack="TRAIN")


def test_error_text_fills_the_template():
    with pytest.raises(IllegalMove) as caught:
        score_play(Board(), parse_move("8L TRAINS"))
    assert str(caught.value) == "The play runs off the board: P8 is outside the 15 x 15 grid."
