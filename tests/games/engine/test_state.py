"""The game state machine: dealing, turns, challenges, time, and every way a game ends."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from games.engine import messages as msg
from games.engine.board import Board
from games.engine.messages import IllegalMove
from games.engine.moves import parse_move
from games.engine.rules import PRESETS, ChallengeRule, PassOut, RuleSet
from games.engine.state import (
    ChallengeSuccessful,
    ChallengeUnsuccessful,
    Ending,
    ExchangeTurn,
    GameState,
    PassTurn,
    PhonyWithdrawn,
    PlayTurn,
    TimeOverrun,
    TurnKind,
)
from games.engine.tiles import FULL_SET, Bag, rack_value

from .positions import bag_tiles, from_position

HOME, NASPA, WESPA, THAI = (PRESETS[k] for k in ("home", "naspa", "wespa", "thai"))
NAMES = ("Ann", "Ben", "Cat", "Dan")


def play(text: str, seconds: int | None = None) -> PlayTurn:
    return PlayTurn(parse_move(text), seconds)


@pytest.fixture
def position(lay):
    """``position(rules, racks, words=..., bag=..., scores=...)`` -> a GameState at that position."""

    def build(rules, racks, *, words=(), bag=None, scores=None, to_move=0):
        board = lay(Board(), *words)
        return from_position(
            rules,
            NAMES[: len(racks)],
            board=board,
            racks=racks,
            bag_tiles=bag,
            scores=scores,
            to_move=to_move,
        )

    return build


# --- dealing and plain turns -------------------------------------------------------------------


def test_new_game_deals_from_a_seeded_bag_first_player_drawing_first():
    state = GameState.new(HOME, NAMES[:2], seed=3)
    bag = Bag(3)
    assert state.racks == (bag.draw(7), bag.draw(7))
    assert state.bag_count == 86 and state.to_move == 0
    assert Counter("".join(state.racks)) + Counter(bag_tiles(state)) == Counter(FULL_SET)
    assert Counter(state.unplayed()) == Counter(FULL_SET)  # the board is empty


def test_player_count_must_suit_the_rules():
    with pytest.raises(IllegalMove) as caught:
        GameState.new(NASPA, NAMES[:3])
    assert caught.value.template == msg.WRONG_PLAYER_COUNT
    assert len(GameState.new(HOME, NAMES[:4], seed=1).racks) == 4


def test_play_scores_draws_back_up_and_passes_the_move(position):
    state = position(HOME, ["TRAINXY", "ABCDEFG"], bag="EEEEE")
    outcome = state.apply(play("8D TRAIN"))
    assert (outcome.player, outcome.score, outcome.totals) == (0, 12, (12, 0))
    assert outcome.words == ("TRAIN",)
    assert outcome.text == "Ann played 8D TRAIN for 12."
    assert state.racks[0] == "XYEEEEE" and state.bag_count == 0
    assert state.to_move == 1


def test_play_needing_tiles_off_the_rack_is_refused_and_changes_nothing(position):
    state = position(HOME, ["TRAINXY", "ABCDEFG"])
    with pytest.raises(IllegalMove) as caught:
        state.apply(play("8D TRAINS"))
    assert caught.value.template == msg.MISSING_FROM_RACK
    assert state.board.is_empty() and state.to_move == 0 and state.turns == []


# --- going out and the rack bonus (example 10) -------------------------------------------------


@pytest.mark.parametrize(("rules", "final"), [(HOME, (15, -9)), (NASPA, (24, 0))])
def test_example_10_going_out_against_x_and_a(position, rules, final):
    state = position(rules, ["S", "XA"], words=["8D TRAIN"], bag="")
    assert state.apply(play("8D .....S")).score == 6
    assert state.ending is Ending.OUT and state.out_player == 0
    assert state.scores_before_adjustments == (6, 0)
    assert state.is_over and state.scores == final
    assert state.winner == 0
    assert [t.kind for t in state.turns].count(TurnKind.RACK) == (2 if rules is HOME else 1)


def test_no_turns_after_the_game_is_over(position):
    state = position(HOME, ["S", "XA"], words=["8D TRAIN"], bag="")
    state.apply(play("8D .....S"))
    with pytest.raises(IllegalMove) as caught:
        state.apply(PassTurn())
    assert caught.value.template == msg.GAME_OVER


def test_home_tie_goes_to_the_higher_score_before_adjustments(position):
    state = position(HOME, ["S", "B"], words=["8D TRAIN"], bag="", scores=[10, 22])
    state.apply(play("8D .....S"))
    assert state.is_over and state.scores == (19, 19)
    assert state.winner == 1


def test_tournament_tie_stands(position):
    state = position(NASPA, ["S", "B"], words=["8D TRAIN"], bag="", scores=[10, 22])
    state.apply(play("8D .....S"))
    assert state.is_over and state.scores == (22, 22)
    assert state.winner is None


# --- pass-out variants -------------------------------------------------------------------------


def exchange_first_tile(state: GameState) -> ExchangeTurn:
    return ExchangeTurn(state.racks[state.to_move][0])


def test_home_game_ends_when_each_player_passes_twice_in_a_row():
    state = GameState.new(HOME, NAMES[:2], seed=1)
    for _ in range(2):
        state.apply(PassTurn())
    state.apply(exchange_first_tile(state))  # breaks the run of passes
    for _ in range(3):
        state.apply(PassTurn())
    assert not state.is_over
    state.apply(PassTurn())
    assert state.ending is Ending.PASSES
    racks = state.racks
    assert state.is_over and state.scores == (-rack_value(racks[0]), -rack_value(racks[1]))


def test_each_passes_once_ends_after_a_full_round_of_passes():
    rules = replace(HOME, pass_out=PassOut.EACH_PASSES_ONCE)
    state = GameState.new(rules, NAMES[:3], seed=1)
    state.apply(PassTurn())
    state.apply(PassTurn())
    assert not state.is_over
    state.apply(PassTurn())
    assert state.ending is Ending.PASSES


def test_one_player_passing_twice_ends_the_game():
    rules = replace(HOME, pass_out=PassOut.ONE_PLAYER_TWICE)
    state = GameState.new(rules, NAMES[:2], seed=1)
    state.apply(PassTurn())
    state.apply(exchange_first_tile(state))
    assert not state.is_over
    state.apply(PassTurn())
    assert state.ending is Ending.PASSES


def test_six_scoreless_turns_in_a_row_end_a_tournament_game():
    state = GameState.new(NASPA, NAMES[:2], seed=1)
    for turn in range(5):
        state.apply(PassTurn() if turn % 2 else exchange_first_tile(state))
    assert not state.is_over
    state.apply(PassTurn())
    assert state.ending is Ending.SCORELESS
    racks = state.racks
    assert state.is_over and state.scores == (-rack_value(racks[0]), -rack_value(racks[1]))


def test_a_zero_point_play_is_a_scoreless_turn(position):
    state = position(NASPA, ["EEEEEEE", "??AAAAA"])
    for _ in range(5):
        state.apply(PassTurn())
    outcome = state.apply(play("8G ab"))  # two blanks: (0 + 0) x 2
    assert outcome.kind is TurnKind.PLAY and outcome.score == 0
    assert state.ending is Ending.SCORELESS


def test_a_scoring_play_resets_the_scoreless_count(position):
    state = position(NASPA, ["EEEEEEE", "TRAINEE"])
    for _ in range(5):
        state.apply(PassTurn())
    state.apply(play("8D TRAIN"))
    for _ in range(5):
        state.apply(PassTurn())
    assert not state.is_over


# --- turn cap and finish line ------------------------------------------------------------------


def test_turn_cap_ends_the_game_after_twenty_turns_a_side():
    rules = RuleSet(name="cap", max_turns_per_player=20)
    state = GameState.new(rules, NAMES[:2], seed=2)
    for _ in range(39):
        state.apply(exchange_first_tile(state))
    assert not state.is_over
    state.apply(exchange_first_tile(state))
    assert state.ending is Ending.TURN_CAP
    racks = state.racks
    assert state.is_over and state.scores == (-rack_value(racks[0]), -rack_value(racks[1]))


def test_finish_line_game_goes_on_below_the_target(position):
    rules = PRESETS["finish_line"]
    state = position(rules, ["SS", "QZ"], words=["8D TRAIN"], scores=[110, 100])
    state.apply(play("D7 S."))  # ST, 2 points
    state.apply(PassTurn())
    state.apply(play("8D .....S"))  # TRAINS, 6 points
    assert state.scores == (118, 100) and not state.is_over


def test_reaching_the_target_wins_immediately(position):
    rules = PRESETS["finish_line"]
    state = position(rules, ["S", "QZ"], words=["8D TRAIN"], scores=[115, 100])
    state.apply(play("8D .....S"))
    assert state.ending is Ending.FINISH_LINE
    assert state.is_over and state.scores == (121, 100)
    assert state.winner == 0


# --- challenges --------------------------------------------------------------------------------


def test_double_challenge_costs_the_challenger_their_turn(position):
    state = position(HOME, ["TRAINER", "ABCDEFG"])
    state.apply(play("8D TRAIN"))
    outcome = state.apply(ChallengeUnsuccessful())
    assert (outcome.player, outcome.kind, outcome.score) == (1, TurnKind.LOST_CHALLENGE, 0)
    assert outcome.consumes_turn
    assert state.to_move == 0 and state.scores == (12, 0)
    with pytest.raises(IllegalMove) as caught:
        state.apply(ChallengeUnsuccessful())
    assert caught.value.template == msg.NO_PLAY_TO_CHALLENGE


def test_points_penalty_challenger_loses_five_and_keeps_the_turn(position):
    state = position(WESPA, ["TRAINER", "ABCDEFG"])
    state.apply(play("8D TRAIN"))
    outcome = state.apply(ChallengeUnsuccessful())
    assert (outcome.player, outcome.score, outcome.consumes_turn) == (1, -5, False)
    assert state.scores == (12, -5) and state.to_move == 1


def test_challenged_bonus_gives_the_challenged_player_the_points(position):
    rules = replace(HOME, challenge=ChallengeRule.CHALLENGED_BONUS, challenge_points=10)
    state = position(rules, ["TRAINER", "ABCDEFG"])
    state.apply(play("8D TRAIN"))
    outcome = state.apply(ChallengeUnsuccessful())
    assert (outcome.player, outcome.score) == (0, 10)
    assert state.scores == (22, 0) and state.to_move == 1


def test_successful_challenge_takes_the_play_back_and_the_turn_is_lost():
    state = GameState.new(HOME, NAMES[:2], seed=4)
    rack, bag = state.racks[0], state.bag_count
    word = rack[:2].replace("?", "a")  # a blank stands for A
    state.apply(PlayTurn(parse_move(f"8H {word}")))
    outcome = state.apply(ChallengeSuccessful())
    assert outcome.kind is TurnKind.PHONY and outcome.player == 0 and outcome.score == 0
    assert state.board.is_empty() and state.racks[0] == rack and state.bag_count == bag
    assert state.scores == (0, 0) and state.to_move == 1
    assert [t.kind for t in state.turns] == [TurnKind.PHONY]


def test_phony_withdrawn_entered_directly_scores_nothing_and_keeps_the_rack(position):
    state = position(HOME, ["TRAINER", "ABCDEFG"])
    outcome = state.apply(PhonyWithdrawn(parse_move("8D TRAIN")))
    assert (
        outcome.text == "Ann's play 8D TRAIN was challenged off: no score, tiles back, turn lost."
    )
    assert state.racks[0] == "TRAINER" and state.board.is_empty() and state.to_move == 1


def test_only_the_play_just_made_can_be_challenged(position):
    state = position(HOME, ["TRAINER", "ABCDEFG"])
    with pytest.raises(IllegalMove):
        state.apply(ChallengeSuccessful())
    state.apply(play("8D TRAIN"))
    state.apply(PassTurn())
    with pytest.raises(IllegalMove) as caught:
        state.apply(ChallengeSuccessful())
    assert caught.value.template == msg.NO_PLAY_TO_CHALLENGE


def test_going_out_play_can_still_be_challenged_off(position):
    state = position(HOME, ["S", "XA"], words=["8D TRAIN"], bag="")
    state.apply(play("8D .....S"))
    assert state.is_over
    state.apply(ChallengeSuccessful())
    assert not state.is_over and state.racks[0] == "S" and state.scores == (0, 0)


# --- time --------------------------------------------------------------------------------------


def test_turn_over_the_time_limit_is_lost_with_tiles_back(position):
    state = position(THAI, ["TRAINER", "ABCDEFG"])
    outcome = state.apply(play("8D TRAIN", seconds=61))
    assert outcome.kind is TurnKind.TIME_OVERRUN and outcome.score == 0
    assert state.board.is_empty() and state.racks[0] == "TRAINER" and state.to_move == 1
    assert outcome.params["seconds"] == 61 and outcome.player == 0
    assert state.apply(TimeOverrun(75)).kind is TurnKind.TIME_OVERRUN
    assert state.apply(play("8D TRAIN", seconds=60)).score == 12


def test_time_overrun_needs_a_turn_limit_and_an_overrun(position):
    with pytest.raises(IllegalMove) as caught:
        position(HOME, ["TRAINER", "ABCDEFG"]).apply(TimeOverrun(90))
    assert caught.value.template == msg.NO_TURN_LIMIT
    with pytest.raises(IllegalMove) as caught:
        position(THAI, ["TRAINER", "ABCDEFG"]).apply(TimeOverrun(30))
    assert caught.value.template == msg.NOT_OVER_TIME


def test_game_clock_overtime_costs_ten_points_per_minute_or_part(position):
    state = position(NASPA, ["S", "XA"], words=["8D TRAIN"], bag="")
    state.apply(play("8D .....S", seconds=1561))
    assert state.finish_with_clock() == (24 - 20, 0)
    assert state.turns[-1].kind is TurnKind.CLOCK and state.turns[-1].score == -20
    with pytest.raises(IllegalMove) as caught:
        state.finish_with_clock()
    assert caught.value.template == msg.CLOCK_ALREADY_APPLIED


def test_game_clock_with_given_seconds_and_its_preconditions(position):
    state = position(NASPA, ["S", "XA"], words=["8D TRAIN"], bag="")
    with pytest.raises(IllegalMove) as caught:
        state.finish_with_clock([0, 0])
    assert caught.value.template == msg.GAME_NOT_OVER
    state.apply(play("8D .....S"))
    assert state.finish_with_clock([1500, 1620]) == (24, -20)
    home = position(HOME, ["S", "XA"], words=["8D TRAIN"], bag="")
    home.apply(play("8D .....S"))
    with pytest.raises(IllegalMove) as caught:
        home.finish_with_clock([0, 0])
    assert caught.value.template == msg.NO_GAME_CLOCK


# --- exchanges ---------------------------------------------------------------------------------


def test_tournament_exchange_needs_seven_tiles_in_the_bag(position):
    state = position(NASPA, ["ABCDEFG", "HIJKLMN"], bag="OPQRST")
    with pytest.raises(IllegalMove) as caught:
        state.apply(ExchangeTurn("A"))
    assert caught.value.template == msg.EXCHANGE_BAG_TOO_SMALL
    assert caught.value.params == {"needed": 7, "bag": 6}
    state = position(NASPA, ["ABCDEFG", "HIJKLMN"], bag="OPQRSTU")
    state.apply(ExchangeTurn("A"))
    assert len(state.racks[0]) == 7 and state.bag_count == 7 and "A" not in state.racks[0]


def test_home_exchange_needs_as_many_tiles_in_the_bag_as_are_exchanged(position):
    state = position(HOME, ["ABCDEFG", "HIJKLMN"], bag="OPQRST")
    with pytest.raises(IllegalMove) as caught:
        state.apply(ExchangeTurn("ABCDEFG"))
    assert caught.value.params == {"needed": 7, "bag": 6}
    state.apply(ExchangeTurn("ABCDEF"))
    assert sorted(state.racks[0]) == sorted("GOPQRST")


@pytest.mark.parametrize(
    ("tiles", "template"),
    [(3, msg.EXCHANGE_TILES_NEEDED), ("ZZ", msg.NOT_ON_RACK), ("", msg.EXCHANGE_COUNT)],
)
def test_exchange_of_tiles_not_named_or_not_held_is_refused(position, tiles, template):
    state = position(HOME, ["ABCDEFG", "HIJKLMN"])
    with pytest.raises(IllegalMove) as caught:
        state.apply(ExchangeTurn(tiles))
    assert caught.value.template == template


# --- scoresheet games (racks unknown) ----------------------------------------------------------


def test_scoresheet_tracks_the_bag_and_refuses_tiles_no_longer_unseen():
    state = GameState.new(HOME, NAMES[:2], racks_known=False)
    assert state.racks is None and state.bag_count == 86
    state.apply(play("8D TRAIN"))
    assert state.bag_count == 81 and len(state.unplayed()) == 95
    state.apply(play("D8 .ab"))  # both blanks
    with pytest.raises(IllegalMove) as caught:
        state.apply(play("E8 .c"))  # a third blank
    assert caught.value.template == msg.TILES_NOT_UNSEEN
    state.apply(play("9F ZA"))
    state.apply(PassTurn())
    with pytest.raises(IllegalMove) as caught:
        state.apply(play("F8 ..Z"))  # the set's only Z is already down
    assert caught.value.params == {"tiles": "Z"}


def test_scoresheet_exchange_by_count():
    state = GameState.new(NASPA, NAMES[:2], racks_known=False)
    assert state.apply(ExchangeTurn(4)).params["count"] == 4
    assert state.bag_count == 86


def test_forfeit_ends_the_game_for_the_other_player():
    state = GameState.new(NASPA, NAMES[:2], seed=1)
    state.forfeit(0)
    assert (
        state.ending is Ending.FORFEIT
        and state.winner == 1
        and state.is_over
        and state.scores == (0, 0)
    )
