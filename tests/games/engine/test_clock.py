"""The table clock's accounting: start, press, pause, reload, two devices, both sides of each limit."""

import pytest

from games.engine.clock import (
    ClockRefused,
    ClockState,
    over_by,
    pause,
    press,
    reading,
    start,
    turn_seconds,
)
from games.engine.rules import PRESETS, RuleSet

THAI = PRESETS["thai"]  # 60 s a turn
NASPA = PRESETS["naspa"]  # 25 minutes a side, 10 points a minute over


def started(at=1_000) -> ClockState:
    return start(ClockState(), 0, at).state


def test_a_new_clock_is_stopped_and_reads_zero():
    shown = reading(ClockState(), THAI, 5_000)
    assert (shown.running, shown.used, shown.turn_elapsed, shown.turn_left) == (
        None,
        (0, 0),
        0,
        60_000,
    )


def test_start_runs_the_players_clock_from_that_moment():
    step = start(ClockState(), 1, 1_000)
    assert step.changed
    assert step.state == ClockState(running=1, since=1_000, turn_of=1)
    assert reading(step.state, THAI, 4_500).turn_elapsed == 3_500


def test_starting_a_running_clock_changes_nothing():
    state = started()
    step = start(state, 1, 2_000)
    assert (step.changed, step.state) == (False, state)


def test_press_closes_the_turn_and_runs_the_other_side():
    step = press(started(1_000), 0, 43_000)
    assert step.changed
    assert step.state == ClockState(
        running=1, since=43_000, used=(42_000, 0), turn_of=1, last_turn=(0, 42_000)
    )


def test_reading_the_same_state_twice_gives_the_same_clock():
    # A reload or a second device reads the stored state at the same moment.
    state = press(started(1_000), 0, 43_000).state
    assert reading(state, THAI, 50_000) == reading(state, THAI, 50_000)
    assert reading(state, THAI, 50_000).turn_elapsed == 7_000
    assert reading(state, THAI, 50_000).used == (42_000, 7_000)


def test_a_second_press_of_the_same_side_is_a_no_op():
    first = press(started(1_000), 0, 43_000).state
    second = press(first, 0, 43_800)
    assert (second.changed, second.state) == (False, first)


def test_a_press_of_the_side_not_running_is_a_no_op():
    state = started()
    assert press(state, 1, 5_000) == type(press(state, 1, 5_000))(state, False)


def test_a_press_dated_before_the_clock_started_is_refused():
    with pytest.raises(ClockRefused):
        press(started(10_000), 0, 9_999)


def test_a_press_at_the_start_moment_is_a_zero_turn():
    assert press(started(10_000), 0, 10_000).state.last_turn == (0, 0)


def test_pause_keeps_the_turn_and_resume_continues_it():
    paused = pause(started(1_000), 21_000).state
    assert (paused.running, paused.turn_of, paused.turn_ms) == (None, 0, 20_000)
    assert reading(paused, THAI, 99_000).turn_elapsed == 20_000  # stopped: no time passes
    resumed = start(paused, 0, 100_000).state
    assert reading(resumed, THAI, 105_000).turn_elapsed == 25_000
    assert press(resumed, 0, 110_000).state.last_turn == (0, 30_000)


def test_starting_the_other_side_after_a_pause_starts_a_fresh_turn():
    paused = pause(started(1_000), 21_000).state
    assert start(paused, 1, 30_000).state.turn_ms == 0


def test_pausing_a_stopped_clock_changes_nothing():
    assert not pause(ClockState(), 5_000).changed


def test_an_unknown_side_is_refused():
    with pytest.raises(ClockRefused):
        start(ClockState(), 2, 0)
    with pytest.raises(ClockRefused):
        press(started(), -1, 2_000)


@pytest.mark.parametrize(("elapsed", "left"), [(59_999, 1), (60_000, 0), (60_001, -1)])
def test_turn_left_on_both_sides_of_the_turn_limit(elapsed, left):
    assert reading(started(0), THAI, elapsed).turn_left == left


@pytest.mark.parametrize(("seconds", "over"), [(59, 0), (60, 0), (61, 1), (68, 8), (None, 0)])
def test_over_by_on_both_sides_of_the_turn_limit(seconds, over):
    assert over_by(THAI, seconds) == over


def test_over_by_is_zero_without_a_turn_limit():
    assert over_by(NASPA, 3_600) == 0


@pytest.mark.parametrize(("ms", "seconds"), [(60_999, 60), (61_000, 61), (0, 0), (-5, 0)])
def test_turn_seconds_round_down(ms, seconds):
    assert turn_seconds(ms) == seconds


def test_game_clock_on_time_exactly_at_the_limit():
    shown = reading(started(0), NASPA, 1_500_000)
    assert (shown.remaining, shown.overtime, shown.penalties) == ((0, 1_500_000), (0, 0), (0, 0))


def test_game_clock_one_second_over_costs_a_minute_of_penalty():
    shown = reading(started(0), NASPA, 1_501_000)
    assert (shown.remaining, shown.overtime, shown.penalties) == (
        (-1_000, 1_500_000),
        (1_000, 0),
        (10, 0),
    )


def test_game_clock_overtime_on_the_second_side():
    state = press(started(0), 0, 1_000).state  # first side used 1 s
    shown = reading(state, NASPA, 1_000 + 1_500_000 + 61_000)
    assert shown.overtime == (0, 61_000)
    assert shown.penalties == (0, 20)


def test_no_game_clock_reads_no_remaining_time():
    shown = reading(started(0), RuleSet(), 10_000)
    assert (shown.remaining, shown.turn_left, shown.penalties) == (None, None, (0, 0))


def test_a_reading_before_the_clock_started_reads_zero_elapsed():
    assert reading(started(10_000), THAI, 9_000).turn_elapsed == 0
