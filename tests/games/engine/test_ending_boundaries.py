"""Every limit that ends a game or refuses a turn, tried exactly at the limit and one either side:
the finish line, forfeits, the game clock, the turn cap, scoreless turns and runs of passes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engine import messages as msg
from games.engine.board import Board
from games.engine.messages import IllegalMove
from games.engine.moves import parse_move
from games.engine.rules import PRESETS, ChallengeRule, PassOut, RuleSet
from games.engine.state import (
    ChallengeUnsuccessful,
    Ending,
    ExchangeTurn,
    GameState,
    PassTurn,
    PlayTurn,
    TimeOverrun,
    TurnKind,
)

from .positions import from_position

HOME, NASPA = PRESETS["home"], PRESETS["naspa"]
FINISH_LINE = PRESETS["finish_line"]  # target 120
NAMES = ("Ann", "Ben", "Cat", "Dan")


def play(text: str, seconds: int | None = None) -> PlayTurn:
    return PlayTurn(parse_move(text), seconds)


@pytest.fixture
def position(lay):
    def build(rules, racks, *, words=(), bag=None, scores=None):
        board = lay(Board(), *words)
        return from_position(
            rules, NAMES[: len(racks)], board=board, racks=racks, bag_tiles=bag, scores=scores
        )

    return build


def exchange_first_tile(state: GameState) -> ExchangeTurn:
    return ExchangeTurn(state.racks[state.to_move][0])


# --- the finish line ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "over"),
    [(113, False), (114, True), (115, True)],  # TRAINS scores 6: 119, exactly 120, 121
)
def test_finish_line_game_ends_when_a_score_reaches_the_target_exactly(position, start, over):
    state = position(FINISH_LINE, ["S", "QZ"], words=["8D TRAIN"], scores=[start, 100])
    state.apply(play("8D .....S"))
    assert state.scores[0] == start + 6
    assert state.is_over is over
    assert state.ending is (Ending.FINISH_LINE if over else None)
    assert state.winner == (0 if over else None)


def test_finish_line_reached_exactly_by_a_challenge_bonus_ends_the_game(position):
    rules = replace(FINISH_LINE, challenge=ChallengeRule.CHALLENGED_BONUS, challenge_points=5)
    state = position(rules, ["S", "QZ"], words=["8D TRAIN"], scores=[109, 100])
    state.apply(play("8D .....S"))  # 115: below the target
    assert not state.is_over
    state.apply(ChallengeUnsuccessful())  # +5: exactly 120
    assert state.scores == (120, 100)
    assert state.ending is Ending.FINISH_LINE and state.winner == 0


def test_finish_line_ends_the_game_without_rack_adjustments(position):
    state = position(FINISH_LINE, ["S", "QZ"], words=["8D TRAIN"], scores=[114, 100])
    state.apply(play("8D .....S"))
    assert state.is_over and state.scores == (120, 100)
    assert TurnKind.RACK not in [t.kind for t in state.turns]


# --- forfeits ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_forfeit_by_a_player_not_in_the_game_is_refused(players):
    state = GameState.new(HOME, NAMES[:players], seed=1)
    for loser in (-1, players, players + 1):
        with pytest.raises(IllegalMove) as caught:
            state.forfeit(loser)
        assert caught.value.template == msg.UNKNOWN_PLAYER
        assert caught.value.params == {"player": loser}
    assert not state.is_over and state.ending is None


@pytest.mark.parametrize("players", [2, 4])
def test_forfeit_by_the_first_or_last_player_ends_the_game(players):
    for loser in (0, players - 1):
        state = GameState.new(HOME, NAMES[:players], seed=1)
        state.forfeit(loser)
        assert state.ending is Ending.FORFEIT
        if players == 2:
            assert state.winner == 1 - loser


# --- the game clock (NASPA: 25 minutes, 10 points per minute or part over) ---------------------


def finished_naspa_game(position) -> GameState:
    state = position(NASPA, ["S", "XA"], words=["8D TRAIN"], bag="")
    state.apply(play("8D .....S"))
    assert state.is_over and state.scores == (24, 0)
    return state


@pytest.mark.parametrize(
    ("seconds", "penalty"),
    [
        (1499, 0),
        (1500, 0),  # exactly on the clock: no penalty
        (1501, 10),  # one second over is a part of a minute
        (1559, 10),
        (1560, 10),  # exactly one minute over
        (1561, 20),
        (1620, 20),
        (1621, 30),
    ],
)
def test_game_clock_penalty_is_per_minute_or_part_over(position, seconds, penalty):
    state = finished_naspa_game(position)
    assert state.finish_with_clock([seconds, 0]) == (24 - penalty, 0)
    clock_lines = [t for t in state.turns if t.kind is TurnKind.CLOCK]
    assert [t.score for t in clock_lines] == ([-penalty] if penalty else [])


def test_game_clock_message_states_the_time_over_the_limit_not_the_time_used(position):
    state = finished_naspa_game(position)
    state.finish_with_clock([1560, 1501])
    first, second = (t for t in state.turns if t.kind is TurnKind.CLOCK)
    assert first.params["seconds"] == 60 and first.params["points"] == 10
    assert first.text == "Ann went 60 seconds over the game clock: 10 points off."
    assert second.params["seconds"] == 1
    assert second.text == "Ben went 1 seconds over the game clock: 10 points off."


def test_game_clock_seconds_recorded_on_turns_give_the_time_over(position):
    state = position(NASPA, ["S", "XA"], words=["8D TRAIN"], bag="")
    state.apply(play("8D .....S", seconds=1561))
    state.finish_with_clock()
    line = state.turns[-1]
    assert line.kind is TurnKind.CLOCK and line.params["seconds"] == 61 and line.score == -20


# --- the turn time limit (60 seconds in the Thai rules) ----------------------------------------


@pytest.mark.parametrize(("seconds", "lost"), [(59, False), (60, False), (61, True)])
def test_a_turn_is_lost_only_when_it_takes_longer_than_the_limit(position, seconds, lost):
    state = position(PRESETS["thai"], ["TRAINER", "ABCDEFG"])
    outcome = state.apply(play("8D TRAIN", seconds=seconds))
    assert outcome.kind is (TurnKind.TIME_OVERRUN if lost else TurnKind.PLAY)
    assert state.scores == ((0, 0) if lost else (12, 0))


@pytest.mark.parametrize(("seconds", "refused"), [(59, True), (60, True), (61, False)])
def test_a_time_overrun_entered_directly_must_exceed_the_limit(position, seconds, refused):
    state = position(PRESETS["thai"], ["TRAINER", "ABCDEFG"])
    if refused:
        with pytest.raises(IllegalMove) as caught:
            state.apply(TimeOverrun(seconds))
        assert caught.value.template == msg.NOT_OVER_TIME
        assert caught.value.params == {"seconds": seconds, "limit": 60}
        assert state.turns == []
    else:
        assert state.apply(TimeOverrun(seconds)).kind is TurnKind.TIME_OVERRUN


# --- the turn cap ------------------------------------------------------------------------------


def turns_taken(state: GameState) -> tuple[int, ...]:
    """Each player's turns so far: the sheet's lines that took a turn."""
    return tuple(
        sum(t.consumes_turn for t in state.turns if t.player == p)
        for p in range(len(state.players))
    )


def test_turn_cap_ends_the_game_only_when_every_player_has_had_the_cap():
    state = GameState.new(RuleSet(name="cap", max_turns_per_player=3), NAMES[:2], seed=2)
    for turn in range(5):
        state.apply(exchange_first_tile(state))
        assert not state.is_over, f"over after {turn + 1} turns"
        assert max(turns_taken(state)) <= 3
    state.apply(exchange_first_tile(state))
    assert turns_taken(state) == (3, 3)
    assert state.ending is Ending.TURN_CAP


def test_turn_cap_waits_for_the_player_with_the_fewest_turns():
    state = GameState.new(RuleSet(name="cap", max_turns_per_player=1), NAMES[:3], seed=2)
    state.apply(exchange_first_tile(state))
    state.apply(exchange_first_tile(state))
    assert turns_taken(state) == (1, 1, 0) and not state.is_over
    state.apply(exchange_first_tile(state))
    assert state.ending is Ending.TURN_CAP


# --- scoreless turns and runs of passes --------------------------------------------------------


@pytest.mark.parametrize("k", [2, 3, 6])
def test_scoreless_turns_end_the_game_at_exactly_the_count(k):
    rules = replace(NASPA, scoreless_turns_to_end=k)
    state = GameState.new(rules, NAMES[:2], seed=1)
    for _ in range(k - 1):
        state.apply(PassTurn())
    assert not state.is_over
    state.apply(PassTurn())
    assert state.ending is Ending.SCORELESS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_passes_twice_needs_exactly_two_passes_from_everyone(players):
    state = GameState.new(HOME, NAMES[:players], seed=1)
    for _ in range(2 * players - 1):
        state.apply(PassTurn())
    assert not state.is_over
    state.apply(PassTurn())
    assert state.ending is Ending.PASSES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_passes_once_needs_exactly_one_pass_from_everyone(players):
    rules = replace(HOME, pass_out=PassOut.EACH_PASSES_ONCE)
    state = GameState.new(rules, NAMES[:players], seed=1)
    for _ in range(players - 1):
        state.apply(PassTurn())
    assert not state.is_over
    state.apply(PassTurn())
    assert state.ending is Ending.PASSES
