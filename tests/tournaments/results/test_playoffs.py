"""Playoff brackets, seeding, byes, series and the final order (pure: no database)."""

import itertools

import pytest

from tournaments.results.playoff_games import results_games
from tournaments.results.playoff_order import playoff_places, playoff_standings
from tournaments.results.playoffs import (
    BAD_STAGE,
    BEST_OF_NOT_ODD,
    FINAL,
    FIRST_MOVE,
    HEAD_START,
    HEAD_START_NEEDS_THREE,
    NO_ADVANTAGE,
    SEEDS_DO_NOT_FIT,
    THIRD_PLACE,
    THIRD_PLACE_NEEDS_FOUR,
    TOP_OUT_OF_RANGE,
    PlayoffGame,
    PlayoffRefused,
    Stage,
    bracket,
    bracket_size,
    next_games,
    read_stage,
    seed_positions,
)
from tournaments.results.standings import (
    GameResult,
    PlayerInfo,
    ResultKind,
    row_win_value,
    standings,
)


def stage(top=4, best_of=3, **kw) -> Stage:
    # Entry numbers 101.. so seeds and numbers never coincide by accident.
    return Stage(top=top, best_of=best_of, seeds=tuple(range(101, 101 + top)), after_round=7, **kw)


def play_out(st: Stage, winner_of, limit=200):
    """Pair and report games until the bracket is finished; ``winner_of(first, second, n)``
    returns the first player's value. Returns the bracket and every game in order."""
    games: list[PlayoffGame] = []
    rnd = st.after_round
    for _ in range(limit):
        state = bracket(st, games)
        if state.finished:
            return state, games
        todo = next_games(state)
        assert todo, "an unfinished bracket always has a game to pair"
        rnd += 1
        for game in todo:
            games.append(
                PlayoffGame(
                    rnd, game.first, game.second, winner_of(game.first, game.second, game.game)
                )
            )
    raise AssertionError("never finished")


def higher_wins(first, second, _n):
    return 1.0 if first < second else 0.0


def lower_wins(first, second, _n):
    return 0.0 if first < second else 1.0


@pytest.mark.parametrize(
    "size,order", [(2, [1, 2]), (4, [1, 4, 2, 3]), (8, [1, 8, 4, 5, 2, 7, 3, 6])]
)
def test_seed_positions_meet_top_seeds_last(size, order):
    assert seed_positions(size) == order


@pytest.mark.parametrize("top,size", [(2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (32, 32)])
def test_bracket_size_is_the_next_power_of_two(top, size):
    assert bracket_size(top) == size


@pytest.mark.parametrize("top", range(2, 9))
def test_byes_go_to_the_top_seeds(top):
    state = bracket(stage(top=top, best_of=1))
    byes = sorted(s.high for s in state.levels[0] if s.bye)
    assert byes == list(range(1, bracket_size(top) - top + 1))
    assert all(s.winner == s.high for s in state.levels[0] if s.bye)
    played = [(s.high, s.low) for s in state.levels[0] if not s.bye]
    assert all(h + low == bracket_size(top) + 1 for h, low in played)


@pytest.mark.parametrize(
    "top,best_of,advantage,third",
    [
        (top, n, adv, third)
        for top in range(2, 9)
        for n in (1, 3, 5, 7)
        for adv in (FIRST_MOVE, HEAD_START, NO_ADVANTAGE)
        for third in (False, True)
        if not (adv == HEAD_START and n == 1) and not (third and top < 4)
    ],
)
@pytest.mark.parametrize("policy", [higher_wins, lower_wins])
def test_every_bracket_plays_out_with_each_series_stopping_when_decided(
    top, best_of, advantage, third, policy
):
    st = stage(top=top, best_of=best_of, advantage=advantage, third_place=third)
    state, games = play_out(st, policy)
    target = (best_of + 1) // 2
    head = 1 if advantage == HEAD_START else 0
    for series in state.series:
        if series.bye:
            assert series.games == []
            continue
        winner_wins = series.high_wins if series.winner == series.high else series.low_wins
        assert winner_wins == target  # stopped exactly when the winner reached the target
        pairs = [
            g
            for g in games
            if {g.first, g.second} == {state.number(series.high), state.number(series.low)}
        ]
        assert len(pairs) == len(series.games)
        if policy is higher_wins:
            assert series.winner == series.high and len(series.games) == target - head
        else:
            assert series.winner == series.low and len(series.games) == target
    places = playoff_places(state)
    assert sorted(p.seed for p in places) == list(range(1, top + 1))
    assert all(p.settled for p in places)
    assert places[0].seed == state.final.winner and places[1].seed == state.final.loser
    if third:
        assert places[2].seed == state.third.winner and places[3].seed == state.third.loser


@pytest.mark.parametrize("best_of", [1, 3, 5, 7])
def test_series_decided_on_both_sides_of_the_threshold(best_of):
    st = stage(top=2, best_of=best_of)
    target = (best_of + 1) // 2
    games = [PlayoffGame(8 + i, 101, 102, 1.0) for i in range(target - 1)]
    games += [PlayoffGame(8 + i, 101, 102, 0.0) for i in range(target - 1)]
    before = bracket(st, games).final
    assert before.winner is None and before.high_wins == target - 1
    after = bracket(st, [*games, PlayoffGame(99, 102, 101, 0.0)]).final
    assert after.winner == 1 and after.high_wins == target


def test_head_start_counts_one_win_for_the_higher_seed():
    st = stage(top=2, best_of=3, advantage=HEAD_START)
    assert bracket(st).final.high_wins == 1.0
    once = bracket(st, [PlayoffGame(8, 101, 102, 1.0)]).final
    assert once.winner == 1 and len(once.games) == 1
    lost_one = bracket(st, [PlayoffGame(8, 101, 102, 0.0)]).final
    assert lost_one.winner is None and (lost_one.high_wins, lost_one.low_wins) == (1.0, 1.0)
    lost_two = bracket(st, [PlayoffGame(8, 101, 102, 0.0), PlayoffGame(9, 102, 101, 1.0)]).final
    assert lost_two.winner == 2


def test_ties_count_half_and_a_level_series_goes_on():
    st = stage(top=2, best_of=3)
    games = [PlayoffGame(8 + i, 101, 102, v) for i, v in enumerate([1.0, 0.0, 0.5])]
    state = bracket(st, games)
    assert state.final.winner is None and (state.final.high_wins, state.final.low_wins) == (
        1.5,
        1.5,
    )
    assert [(g.series, g.game) for g in next_games(state)] == [(FINAL, 4)]
    decided = bracket(st, [*games, PlayoffGame(11, 102, 101, 0.0)])
    assert decided.final.winner == 1


def test_a_tie_at_the_target_on_both_sides_is_not_decided():
    st = stage(top=2, best_of=3)
    games = [PlayoffGame(8 + i, 101, 102, v) for i, v in enumerate([0.5, 0.5, 0.5, 0.5])]
    assert bracket(st, games).final.winner is None


def test_a_pending_game_stops_more_pairing_and_counts_nothing():
    st = stage(top=4, best_of=3)
    state = bracket(st, [PlayoffGame(8, 101, 104, None), PlayoffGame(8, 102, 103, 1.0)])
    semi = state.levels[0][0]
    assert semi.pending is not None and semi.high_wins == 0
    assert [(g.series, g.first, g.second) for g in next_games(state)] == [("1-2", 103, 102)]


def test_games_after_a_series_is_decided_are_not_counted():
    st = stage(top=2, best_of=1)
    state = bracket(st, [PlayoffGame(8, 101, 102, 1.0), PlayoffGame(9, 101, 102, 0.0)])
    assert state.final.winner == 1 and len(state.final.games) == 1
    assert next_games(state) == []


def test_first_move_gives_game_one_to_the_higher_seed_then_sides_alternate():
    st = stage(top=2, best_of=5, advantage=FIRST_MOVE)
    assert [(g.first, g.second, g.game) for g in next_games(bracket(st))] == [(101, 102, 1)]
    after = bracket(st, [PlayoffGame(8, 101, 102, 1.0)])
    assert [(g.first, g.second, g.game) for g in next_games(after)] == [(102, 101, 2)]


def test_without_first_move_game_one_is_drawn_from_the_stage_seed():
    firsts = {
        next_games(bracket(stage(top=2, advantage=NO_ADVANTAGE, seed=s)))[0].first
        for s in range(20)
    }
    assert firsts == {101, 102}
    again = [next_games(bracket(stage(top=2, advantage=NO_ADVANTAGE, seed=5)))[0] for _ in range(3)]
    assert len(set(again)) == 1


def test_final_best_of_is_its_own():
    st = stage(top=4, best_of=1, final_best_of=5)
    state, _games = play_out(st, higher_wins)
    assert state.final.best_of == 5 and len(state.final.games) == 3
    assert all(len(s.games) == 1 for s in state.levels[0])


def test_third_place_match_seats_the_semi_final_losers():
    st = stage(top=4, best_of=1, third_place=True)
    state = bracket(st, [PlayoffGame(8, 101, 104, 1.0), PlayoffGame(8, 102, 103, 0.0)])
    assert (state.third.key, state.third.high, state.third.low) == (THIRD_PLACE, 2, 4)
    assert [(g.series, g.first, g.second) for g in next_games(state)] == [
        (FINAL, 101, 103),
        (THIRD_PLACE, 102, 104),
    ]


def test_places_while_running_put_players_still_in_above_those_out():
    st = stage(top=8, best_of=1)
    games = [PlayoffGame(8, 101, 108, 0.0), PlayoffGame(8, 104, 105, 1.0)]
    places = playoff_places(bracket(st, games))
    assert [p.seed for p in places] == [2, 3, 4, 6, 7, 8, 1, 5]
    assert [p.settled for p in places][-2:] == [True, True]
    assert not any(p.settled for p in places[:6])


def test_semi_final_losers_without_a_third_place_match_are_placed_by_seed():
    st = stage(top=4, best_of=1)
    state, _ = play_out(st, lower_wins)
    assert [p.seed for p in playoff_places(state)] == [4, 3, 1, 2]


@pytest.mark.parametrize(
    "kw,message",
    [
        ({"top": 1}, TOP_OUT_OF_RANGE),
        ({"top": 33}, TOP_OUT_OF_RANGE),
        ({"best_of": 2}, BEST_OF_NOT_ODD),
        ({"best_of": 17}, BEST_OF_NOT_ODD),
        ({"best_of": 0}, BEST_OF_NOT_ODD),
        ({"final_best_of": 4}, BEST_OF_NOT_ODD),
        ({"best_of": 1, "advantage": HEAD_START}, HEAD_START_NEEDS_THREE),
        ({"top": 3, "third_place": True}, THIRD_PLACE_NEEDS_FOUR),
    ],
)
def test_settings_out_of_bounds_are_refused(kw, message):
    top = kw.pop("top", 4)
    with pytest.raises(PlayoffRefused) as err:
        Stage(
            top=top,
            best_of=kw.pop("best_of", 3),
            seeds=tuple(range(1, top + 1)),
            after_round=3,
            **kw,
        )
    assert err.value.template == message


def test_settings_at_their_bounds_are_kept():
    assert stage(top=2, best_of=1).top == 2
    assert stage(top=32, best_of=15).best_of == 15
    assert stage(top=4, best_of=3, advantage=HEAD_START, third_place=True).third_place


def test_seeds_must_be_k_different_players():
    with pytest.raises(PlayoffRefused) as err:
        Stage(top=3, best_of=1, seeds=(1, 2, 2), after_round=3)
    assert err.value.template == SEEDS_DO_NOT_FIT


def test_stage_round_trips_through_json_and_bad_json_is_refused():
    st = stage(top=5, best_of=3, final_best_of=5, advantage=NO_ADVANTAGE, seed=9)
    assert read_stage(st.to_json()) == st
    assert read_stage({}) is None
    for bad in (
        {"top": "4"},
        {**st.to_json(), "seeds": [1, 2]},
        {**st.to_json(), "top": True},
        [1],
    ):
        with pytest.raises(PlayoffRefused) as err:
            read_stage(bad)
        assert err.value.template in (BAD_STAGE, SEEDS_DO_NOT_FIT)


def test_playoff_standings_put_the_places_above_the_swiss_order_and_keep_shared_ranks():
    players = [PlayerInfo(n, f"P{n}") for n in range(1, 7)]
    results = [
        GameResult(1, 1, 2, 400, 300),
        GameResult(1, 2, 1, 300, 400),
        GameResult(1, 3, 4, 400, 300),
        GameResult(1, 4, 3, 300, 400),
        GameResult(1, 5, 6, 350, 350),
        GameResult(1, 6, 5, 350, 350),
    ]
    rows = standings(players, results)
    st = Stage(top=2, best_of=1, seeds=(1, 3), after_round=1)
    state = bracket(st, [PlayoffGame(2, 1, 3, 0.0)])
    final = playoff_standings(rows, playoff_places(state))
    assert [(r.rank, r.player) for r in final] == [(1, 3), (2, 1), (3, 5), (3, 6), (5, 2), (5, 4)]


def test_every_order_of_reported_games_gives_the_same_bracket():
    st = stage(top=4, best_of=3)
    games = [
        PlayoffGame(8, 101, 104, 1.0),
        PlayoffGame(8, 102, 103, 0.0),
        PlayoffGame(9, 104, 101, 0.0),
    ]
    states = {
        tuple(p.seed for p in playoff_places(bracket(st, list(o))))
        for o in itertools.permutations(games)
    }
    assert len(states) == 1


def test_the_playoff_games_from_standings_rows_are_worth_what_the_standings_count():
    """``results_games`` reads each row through ``standings.row_win_value``: a win, a tie the
    play-off word decided, a plain tie, a forfeit; rounds up to ``after_round`` are left out."""
    rows = [
        GameResult(7, 101, 102, 400, 300),  # the Swiss: not a playoff game
        GameResult(7, 102, 101, 300, 400),
        GameResult(8, 101, 102, 350, 350, won_playoff=False),
        GameResult(8, 102, 101, 350, 350, won_playoff=True),
        GameResult(9, 101, 102, 360, 360),
        GameResult(9, 102, 101, 360, 360),
        GameResult(10, 101, 102, None, None, ResultKind.FORFEIT_WIN),
        GameResult(10, 102, 101, None, None, ResultKind.FORFEIT_LOSS),
    ]
    assert results_games(rows, after_round=7) == [
        PlayoffGame(8, 101, 102, 0.0, 1.0),
        PlayoffGame(9, 101, 102, 0.5, 0.5),
        PlayoffGame(10, 101, 102, 1.0, 0.0),
    ]
    for game in results_games(rows, after_round=7):
        mine = next(r for r in rows if (r.round, r.player) == (game.round, game.first))
        assert game.first_value == row_win_value(mine)
