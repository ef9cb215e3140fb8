"""Scores: a line whose score the board does not give, and a running total that is not the
previous total plus the line."""

from games.engine.integrity import flags as F

from .records import codes, flags_of, record, with_event

MOVES = (("", "8G ZA"), ("", "9G IT"), ("", "H8 .TE"))


def test_scores_the_board_gives_are_clean_and_one_point_more_is_flagged():
    assert codes(record(*MOVES)) == []
    slip = record(*MOVES, off={1: 1})
    assert codes(slip) == [(F.MOVE_SCORE, 4)]
    computed = record(*MOVES).events[1].score
    assert flags_of(slip)[0].params == {"recorded": computed + 1, "computed": computed}


def test_a_running_total_one_off_is_flagged_on_its_line():
    game = record(*MOVES)
    last = game.events[2]
    assert codes(with_event(game, 2, cumulative=last.cumulative + 1)) == [(F.RUNNING_TOTAL, 5)]
