"""Replaying entries on the engine (no database)."""

import pytest

from games.engine.rules import PRESETS, rules_from_dict
from games.engine.scoresheet import (
    CHALLENGED_VALID,
    PHONY_WITHDRAWN,
    SheetEntry,
    SheetEntryRefused,
    replay_sheet,
)

NAMES = ("Ann", "Ben")


def kinds(replay):
    return [(line.player, line.kind, line.score, line.totals) for line in replay.lines]


def test_first_play_train_scores_twelve_and_totals_run():
    replay = replay_sheet(PRESETS["home"], NAMES, [SheetEntry("8D TRAIN"), SheetEntry("D8 .HORB")])
    assert kinds(replay) == [(0, "play", 12, (12, 0)), (1, "play", 20, (12, 20))]
    assert replay.lines[1].words == ("THORB",)
    assert replay.state.to_move == 0


def test_refused_entry_names_the_entry_and_the_engine_reason():
    with pytest.raises(SheetEntryRefused) as caught:
        replay_sheet(PRESETS["home"], NAMES, [SheetEntry("8D TRAIN"), SheetEntry("1A CAT")])
    assert caught.value.index == 1
    assert str(caught.value) == "The play must touch at least one tile already on the board."


def test_phony_scores_nothing_but_keeps_what_it_would_have_scored():
    replay = replay_sheet(
        PRESETS["home"], NAMES, [SheetEntry("8D TRAIN", challenge=PHONY_WITHDRAWN)]
    )
    line = replay.lines[0]
    assert (line.kind, line.score, line.withdrawn_score, line.totals) == ("phony", 0, 12, (0, 0))
    assert replay.state.board.is_empty()


def test_valid_challenge_under_double_challenge_costs_the_challenger_a_turn():
    replay = replay_sheet(
        PRESETS["home"], NAMES, [SheetEntry("8D TRAIN", challenge=CHALLENGED_VALID)]
    )
    assert kinds(replay) == [(0, "play", 12, (12, 0)), (1, "lost_challenge", 0, (12, 0))]
    assert replay.state.to_move == 0


def test_valid_challenge_under_points_penalty_costs_the_challenger_points():
    replay = replay_sheet(
        PRESETS["wespa"], NAMES, [SheetEntry("8D TRAIN", challenge=CHALLENGED_VALID)]
    )
    assert kinds(replay) == [(0, "play", 12, (12, 0)), (1, "challenge_penalty", -5, (12, -5))]
    assert replay.state.to_move == 1


def test_passes_end_the_game_and_known_racks_are_deducted():
    entries = [
        SheetEntry("8D TRAIN"),
        SheetEntry("D8 .HORB"),
        SheetEntry("-", rack="EEEEEEE"),
        SheetEntry("-", rack="AAAAAAA"),
        SheetEntry("-"),
        SheetEntry("-"),
    ]
    replay = replay_sheet(PRESETS["home"], NAMES, entries)
    assert replay.ending == "passes"
    assert kinds(replay)[-2:] == [(0, "rack", -7, (5, 20)), (1, "rack", -7, (5, 13))]
    assert replay.totals == (5, 13) and replay.winner == 1


def test_recorded_time_penalty_counts_in_totals_and_result():
    entries = [SheetEntry("8D TRAIN"), SheetEntry(penalty=-20, player=0)]
    replay = replay_sheet(
        rules_from_dict({"target_score": 10}, base=PRESETS["home"]), NAMES, entries
    )
    assert replay.ending == "finish_line"
    assert replay.totals == (-8, 0) and replay.winner == 1


def test_turn_over_the_time_limit_is_lost():
    replay = replay_sheet(PRESETS["thai"], NAMES, [SheetEntry("8D TRAIN", seconds=75)])
    assert kinds(replay) == [(0, "time_overrun", 0, (0, 0))]
    assert replay.state.board.is_empty()


def test_until_line_stops_part_way():
    entries = [SheetEntry("8D TRAIN"), SheetEntry("D8 .HORB")]
    replay = replay_sheet(PRESETS["home"], NAMES, entries, until_line=1)
    assert len(replay.lines) == 1 and replay.state.board.tile_count() == 5
