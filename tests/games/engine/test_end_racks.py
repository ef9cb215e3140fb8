"""A scoresheet game that ends without anyone going out (scoreless turns, passes), or with a
player out while another rack is unknown, waits for the tiles left on the racks: until they are
given it is "awaiting racks", with no winner; then each rack is settled as the rules say."""

import pytest

from games.engine.messages import IllegalMove
from games.engine.outcomes import Ending
from games.engine.rules import PRESETS, PassOut, RackBonus, RuleSet
from games.engine.scoresheet import SheetEntry, replay_sheet

THAI = PRESETS["thai"]
OPENING = ("8H ZA", "7I QI")  # 22 and 42


def sheet(moves, rules=THAI, end_racks=(), players=("Ann", "Ben")):
    return replay_sheet(
        rules, list(players), [SheetEntry(move=m) for m in moves], end_racks=end_racks
    )


def scoreless(end_racks=()):
    return sheet([*OPENING, *["-"] * 6], end_racks=end_racks)


def test_six_scoreless_turns_end_the_game_awaiting_both_racks_with_no_winner():
    replay = scoreless()
    assert (replay.is_over, replay.ending, replay.awaiting_racks) == (True, "scoreless", (0, 1))
    assert (replay.totals, replay.winner) == ((22, 42), None)


def test_five_scoreless_turns_do_not_end_it():
    replay = sheet([*OPENING, *["-"] * 5])
    assert (replay.is_over, replay.awaiting_racks) == (False, ())


def test_each_player_then_subtracts_their_own_rack_under_doubled_bonus_rules():
    replay = scoreless(end_racks=("AEEIINO", "NNRRSTU"))
    assert replay.awaiting_racks == ()
    assert [(line.kind, line.score, line.counted_rack) for line in replay.lines[-2:]] == [
        ("rack", -7, "AEEIINO"),
        ("rack", -7, "NNRRSTU"),
    ]
    assert (replay.totals, replay.winner) == ((15, 35), 1)


def test_a_blank_left_on_the_rack_counts_nothing():
    replay = scoreless(end_racks=("??AEEIO", "NNRRSTU"))
    assert replay.totals == (22 - 5, 42 - 7)


def test_standard_rules_subtract_each_rack_too_when_nobody_went_out():
    rules = RuleSet(name="custom", pass_out=PassOut.SCORELESS_TURNS, scoreless_turns_to_end=6)
    replay = sheet([*OPENING, *["-"] * 6], rules=rules, end_racks=("AEEIINO", "JXKDGAE"))
    assert replay.totals == (22 - 7, 42 - 27)


def test_going_out_with_two_other_racks_unknown_waits_for_both():
    # Emptying the bag takes a hundred tiles; the engine's own ending step is called instead,
    # as a play that goes out calls it, with the two other racks of a three-player sheet unknown.
    rules = RuleSet(name="custom", rack_bonus=RackBonus.DOUBLED, max_players=3)
    state = sheet(list(OPENING), rules=rules, players=("Ann", "Ben", "Cy")).state
    state._end(Ending.OUT, out_player=0)
    assert (state.awaiting_racks, state.scores) == ((1, 2), (22, 42, 0))
    state.give_end_racks({1: "AEEIINO", 2: "NNRRSTU"})
    assert state.awaiting_racks == ()
    assert state.scores == (22 + 2 * 14, 42, 0)  # doubled: twice the others, who lose nothing


def test_a_rack_known_from_the_sheet_is_not_asked_for():
    entries = [SheetEntry(move=m) for m in OPENING]
    entries += [SheetEntry(move="-", rack="AEEIINO"), SheetEntry(move="-")] * 3
    replay = replay_sheet(THAI, ["Ann", "Ben"], entries)
    assert replay.awaiting_racks == (1,)
    given = replay_sheet(THAI, ["Ann", "Ben"], entries, end_racks=(None, "NNRRSTU"))
    assert given.totals == (15, 35)


@pytest.mark.parametrize(
    ("racks", "message"),
    [
        (("AEEIIN", "NNRRSTU"), "Ann holds 7 tiles: AEEIIN is 6."),
        (("AEEIINOO", "NNRRSTU"), "Ann holds 7 tiles: AEEIINOO is 8."),
        (("AEEIIN1", "NNRRSTU"), "AEEIIN1 is not a rack: use letters and ? for a blank."),
        (("ZEEIINO", "NNRRSTU"), "The racks ZEEIINO / NNRRSTU cannot be right"),
        (("???IINO", "NNRRSTU"), "The racks ???IINO / NNRRSTU cannot be right"),
        (("AEEIINO",), "Give the tiles left on Ben's rack."),
    ],
)
def test_racks_that_cannot_be_right_are_refused_and_the_game_still_waits(racks, message):
    replay = scoreless()
    with pytest.raises(IllegalMove) as refused:
        replay.state.give_end_racks(dict(enumerate(racks)))
    assert str(refused.value).startswith(message)
    assert replay.state.awaiting_racks == (0, 1) and replay.totals == (22, 42)


def test_lower_case_and_spaces_are_read_as_tiles():
    assert scoreless(end_racks=("aee iino", "nnrrstu")).totals == (15, 35)


def test_a_game_not_waiting_refuses_racks():
    replay = sheet(list(OPENING))
    with pytest.raises(IllegalMove, match="not waiting for the tiles left on the racks"):
        replay.state.give_end_racks({0: "AEEIINO"})
