"""Move text (GCG positions, passes, exchanges) and laying tiles square by square."""

from __future__ import annotations

import pytest

from games.engine import messages as msg
from games.engine.board import Board, Placement
from games.engine.messages import IllegalMove
from games.engine.moves import Exchange, Pass, Play, parse_move, parse_position, play_from_tiles


def test_row_first_means_across_and_column_first_means_down():
    assert parse_position("8D") == (7, 3, True)
    assert parse_position("D8") == (7, 3, False)
    assert parse_position("o15") == (14, 14, False)


def test_play_position_round_trips():
    assert Play(7, 3, True, "TRAIN").position == "8D"
    assert Play(7, 3, False, "TRAIN").position == "D8"
    assert str(parse_move("12K .oP")) == "12K .oP"


def test_parse_move_reads_plays_passes_and_exchanges():
    assert parse_move("8D TRAIN") == Play(7, 3, True, "TRAIN")
    assert parse_move(" D8  TRAIN ") == Play(7, 3, False, "TRAIN")
    assert parse_move("-") == Pass()
    assert parse_move("-ab?") == Exchange("AB?", 3)
    assert parse_move("-3") == Exchange(None, 3)


@pytest.mark.parametrize(
    ("text", "template"),
    [
        ("16A CAT", msg.BAD_POSITION),
        ("8P CAT", msg.BAD_POSITION),
        ("88 CAT", msg.BAD_POSITION),
        ("8D", msg.BAD_MOVE_TEXT),
        ("8D TR AIN", msg.BAD_MOVE_TEXT),
        ("8D TR?IN", msg.BAD_WORD_LETTER),
        ("-A1", msg.BAD_EXCHANGE_TILES),
    ],
)
def test_bad_move_text_names_its_fault(text, template):
    with pytest.raises(IllegalMove) as caught:
        parse_move(text)
    assert caught.value.template == template


def test_tiles_laid_in_a_row_become_a_play_through_board_tiles():
    board = Board()
    board.place([Placement(7, 7, "A")])
    play = play_from_tiles(board, [Placement(7, 6, "C"), Placement(7, 8, "t", True)])
    assert play == Play(7, 6, True, "C.t")


def test_single_tile_takes_the_direction_of_its_word():
    board = Board()
    board.place([Placement(7, 7, "A"), Placement(8, 7, "T")])
    assert play_from_tiles(board, [Placement(9, 7, "E")]) == Play(7, 7, False, "..E")


@pytest.mark.parametrize(
    ("tiles", "template"),
    [
        ([Placement(6, 6, "C"), Placement(5, 5, "D")], msg.NOT_IN_LINE),
        ([Placement(7, 3, "C"), Placement(7, 5, "D")], msg.GAP_IN_PLAY),
        ([Placement(7, 7, "C")], msg.SQUARE_TAKEN),
        ([Placement(7, 15, "C")], msg.OFF_BOARD),
        ([Placement(7, 6, "C"), Placement(7, 6, "D")], msg.TWO_TILES_ONE_SQUARE),
        ([], msg.NO_NEW_TILE),
    ],
)
def test_tiles_that_do_not_form_one_line_are_refused(tiles, template):
    board = Board()
    board.place([Placement(7, 7, "A")])
    with pytest.raises(IllegalMove) as caught:
        play_from_tiles(board, tiles)
    assert caught.value.template == template
