"""Time: turns against the clock, runs of quick turns (0-2 s; five in a row), a line saved
before the one above it, and a turn over the per-turn limit not charged."""

from games.engine.integrity import flags as F
from games.engine.integrity.timing import QUICK_RUN, QUICK_SECONDS, SheetTimes, TurnTime, time_flags
from games.engine.rules import RuleSet

STANDARD = RuleSet()


def sheet(turns, *, clock=None, rules=STANDARD):
    return SheetTimes(7, rules, tuple(turns), ("Ann", "Ben"), clock)


def plays(seconds_of_first, *, second=30):
    """Ann's turns take the given seconds; Ben's between them take ``second``."""
    turns, line = [], 1
    for seconds in seconds_of_first:
        turns.append(TurnTime(line, 0, "play", seconds, line * 1000))
        turns.append(TurnTime(line + 1, 1, "play", second, line * 1000 + 500))
        line += 2
    return turns


def codes(flags):
    return [(f.code, f.line) for f in flags]


def test_the_run_limits_are_five_turns_of_at_most_two_seconds():
    assert (QUICK_RUN, QUICK_SECONDS) == (5, 2)


def test_five_turns_of_two_seconds_in_a_row_are_flagged():
    found = time_flags(sheet(plays([30, 2, 2, 0, 1, 2, 30])))
    assert codes(found) == [(F.QUICK_RUN, 3)]
    assert found[0].params == {"player": "Ann", "count": 5, "most": 2}


def test_a_three_second_turn_breaks_the_run():
    assert time_flags(sheet(plays([2, 2, 3, 2, 2, 2]))) == []


def test_four_quick_turns_in_a_row_are_not_a_run():
    assert time_flags(sheet(plays([2, 2, 2, 2, 30]))) == []


def test_turns_add_up_to_the_clock_less_under_a_second_each():
    turns = plays([10, 20])  # Ann: 30 s in 2 turns; Ben: 60 s in 2 turns
    for ann in (30_000, 31_999):
        assert time_flags(sheet(turns, clock=(ann, 60_000))) == []
    for ann in (29_999, 32_000):
        found = time_flags(sheet(turns, clock=(ann, 60_000)))
        assert codes(found) == [(F.CLOCK_TOTAL, 3)]
        assert found[0].params == {"player": "Ann", "turns": 30, "clock": ann // 1000}


def test_a_clock_never_run_or_still_running_is_not_added_up():
    assert time_flags(sheet(plays([10, 20]), clock=(0, 0))) == []
    assert time_flags(sheet(plays([10, 20]), clock=None)) == []


def test_a_line_saved_at_the_same_moment_is_clean_and_a_millisecond_earlier_is_flagged():
    same = [TurnTime(1, 0, "play", 5, 10_000), TurnTime(2, 1, "play", 5, 10_000)]
    assert time_flags(sheet(same)) == []
    back = [TurnTime(1, 0, "play", 5, 10_000), TurnTime(2, 1, "play", 5, 9_999)]
    found = time_flags(sheet(back))
    assert codes(found) == [(F.CLOCK_BACK, 2)]
    assert found[0].params == {"seconds": 1}


def test_a_turn_at_the_limit_is_clean_over_it_is_flagged_unless_charged():
    rules = RuleSet(turn_time_limit_seconds=60)
    assert time_flags(sheet([TurnTime(1, 0, "play", 60)], rules=rules)) == []
    found = time_flags(sheet([TurnTime(1, 0, "play", 61)], rules=rules))
    assert codes(found) == [(F.OVER_LIMIT_UNCHARGED, 1)]
    assert found[0].params == {"seconds": 61, "limit": 60}
    assert time_flags(sheet([TurnTime(1, 0, "time_overrun", 61)], rules=rules)) == []


def test_no_per_turn_limit_charges_nothing():
    assert time_flags(sheet([TurnTime(1, 0, "play", 600)])) == []
