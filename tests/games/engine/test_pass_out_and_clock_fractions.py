"""Two endings the suite let slip: "one player passes twice" counts that player's own latest
turns (plays earlier do not matter), and any part of a minute over the game clock, even 0.4 s,
costs the penalty."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engine.board import Board
from games.engine.clock import ClockState, reading, start
from games.engine.moves import parse_move
from games.engine.rules import PRESETS, PassOut, overtime_penalty
from games.engine.state import Ending, ExchangeTurn, GameState, PassTurn, PlayTurn

from .positions import from_position

HOME, NASPA = PRESETS["home"], PRESETS["naspa"]
ONE_TWICE = replace(HOME, pass_out=PassOut.ONE_PLAYER_TWICE)


def game_after_a_play(lay) -> GameState:
    """Ann plays TRAINS, Ben exchanges: both have moved, nobody has passed."""
    board = lay(Board(), "8D TRAIN")
    state = from_position(
        ONE_TWICE, ("Ann", "Ben"), board=board, racks=["SQ", "XZ"], bag_tiles="EEEEEEEEOOOOOOUUUU"
    )
    state.apply(PlayTurn(parse_move("8D .....S")))
    state.apply(ExchangeTurn("X"))
    return state


def test_one_player_passing_twice_after_earlier_plays_ends_the_game(lay):
    state = game_after_a_play(lay)
    state.apply(PassTurn())  # Ann's first pass
    assert not state.is_over
    state.apply(ExchangeTurn("Z"))  # Ben keeps playing: his turns are not Ann's
    assert not state.is_over
    state.apply(PassTurn())  # Ann's second pass in a row
    assert state.ending is Ending.PASSES


def test_passes_broken_by_a_turn_of_ones_own_do_not_end_the_game(lay):
    state = game_after_a_play(lay)
    state.apply(PassTurn())  # Ann passes
    state.apply(ExchangeTurn("Z"))
    state.apply(ExchangeTurn("Q"))  # Ann exchanges: her run of passes is broken
    state.apply(PassTurn())  # Ben's first pass
    state.apply(PassTurn())  # Ann's first pass of a new run
    assert not state.is_over


@pytest.mark.parametrize(
    ("seconds", "penalty"),
    [(1499.6, 0), (1500, 0), (1500.4, 10), (1560, 10), (1560.4, 20)],
    ids=["just-under", "exactly-25-00", "25-00.4", "26-00", "26-00.4"],
)
def test_any_part_of_a_minute_over_the_game_clock_costs_the_penalty(seconds, penalty):
    assert overtime_penalty(NASPA, seconds) == penalty


def started() -> ClockState:
    return start(ClockState(), 0, 0).state


@pytest.mark.parametrize(
    ("ms", "penalty"), [(1_500_000, 0), (1_500_400, 10), (1_560_000, 10), (1_560_400, 20)]
)
def test_the_running_clock_charges_a_fraction_of_a_second_over(ms, penalty):
    shown = reading(started(), NASPA, ms)
    assert shown.penalties == (penalty, 0)
    assert shown.overtime == (ms - 1_500_000, 0)
