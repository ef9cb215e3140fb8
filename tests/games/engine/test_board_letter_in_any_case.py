"""A play goes through letters already on the board however the sheet writes them: GCG records
write a blank on the board in lower case, and the letter in either case names the same tile."""

from __future__ import annotations

import pytest

from games.engine import messages as msg
from games.engine.board import Board
from games.engine.messages import IllegalMove
from games.engine.moves import parse_move
from games.engine.scoring import score_play


@pytest.mark.parametrize("written", ["8D TRAINS", "8D tRAINS", "8D TrAINS"])
def test_a_board_letter_in_lower_case_is_played_through(lay, written):
    board = lay(Board(), "8D tRAIN")  # a blank T and four tiles already on the board
    scored = score_play(board, parse_move(written))
    assert [(p.col, p.letter, p.is_blank) for p in scored.placed] == [(8, "S", False)]
    assert scored.words == ("TRAINS",)
    assert scored.score == 5  # the blank T counts 0: R A I N S = 1 + 1 + 1 + 1 + 1


def test_a_lower_case_board_letter_of_a_tile_is_played_through(lay):
    board = lay(Board(), "8D TRAIN")
    scored = score_play(board, parse_move("8D trainS"))
    assert [p.letter for p in scored.placed] == ["S"]
    assert scored.score == 6


@pytest.mark.parametrize("written", ["8D sRAINS", "8D SRAINS"])
def test_another_letter_on_a_board_square_is_still_refused_in_either_case(lay, written):
    board = lay(Board(), "8D tRAIN")
    with pytest.raises(IllegalMove) as caught:
        score_play(board, parse_move(written))
    assert caught.value.template == msg.SQUARE_TAKEN
