"""Standings: exact figures for byes, forfeits, ties and tie-breaks, plus properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.results.standings import (
    GameResult,
    PlayerInfo,
    ResultKind,
    StandingsError,
    StandingsSettings,
    row_win_value,
    standings,
)

K = ResultKind


def played(rnd: int, a: int, b: int, sa: int, sb: int) -> list[GameResult]:
    """Both rows of a played game; ``a`` went first."""
    return [
        GameResult(rnd, a, b, sa, sb, K.PLAYED, True),
        GameResult(rnd, b, a, sb, sa, K.PLAYED, False),
    ]


def forfeit(rnd: int, winner: int, loser: int) -> list[GameResult]:
    return [
        GameResult(rnd, winner, loser, None, None, K.FORFEIT_WIN),
        GameResult(rnd, loser, winner, None, None, K.FORFEIT_LOSS),
    ]


def double_forfeit(rnd: int, a: int, b: int) -> list[GameResult]:
    return [
        GameResult(rnd, a, b, None, None, K.DOUBLE_FORFEIT),
        GameResult(rnd, b, a, None, None, K.DOUBLE_FORFEIT),
    ]


def bye(rnd: int, player: int) -> GameResult:
    return GameResult(rnd, player, None, None, None, K.BYE)


PLAYERS = [
    PlayerInfo(1, "Ann", 1800),
    PlayerInfo(2, "Bob", 1700),
    PlayerInfo(3, "Cy", 1600),
    PlayerInfo(4, "Di", 1500),
    PlayerInfo(5, "Ed", 1400),
]
# Five players over three rounds: a tie, a forfeit, a double forfeit and three byes.
RESULTS = [
    *played(1, 1, 2, 400, 350),
    *played(1, 3, 4, 380, 380),
    bye(1, 5),
    *played(2, 3, 1, 420, 300),
    *forfeit(2, 2, 5),
    bye(2, 4),
    *double_forfeit(3, 1, 4),
    *played(3, 2, 3, 500, 310),
    bye(3, 5),
]


def by_player(rows):
    return {row.player: row for row in rows}


def test_order_is_wins_then_spread():
    rows = standings(PLAYERS, RESULTS)
    assert [(r.rank, r.player, r.wins, r.losses, r.spread) for r in rows] == [
        (1, 2, 2.0, 1.0, 190),
        (2, 5, 2.0, 1.0, 50),
        (3, 4, 1.5, 1.5, 0),
        (4, 3, 1.5, 1.5, -70),
        (5, 1, 1.0, 2.0, -120),
    ]


def test_played_games_give_cumulative_average_and_high_game():
    rows = by_player(standings(PLAYERS, RESULTS))
    cy = rows[3]
    assert (cy.games, cy.games_played, cy.points_for, cy.points_against) == (3, 3, 1110, 1180)
    assert cy.average_score == 370.0
    assert cy.average_opponent_score == pytest.approx(1180 / 3)
    assert cy.high_game == 420
    assert cy.opponents == (4, 1, 2)
    assert (cy.firsts, cy.seconds) == (2, 1)


def test_bye_counts_as_win_with_fifty_spread_and_no_score():
    ed = by_player(standings(PLAYERS, RESULTS))[5]
    assert (ed.wins, ed.losses, ed.spread, ed.byes, ed.forfeits) == (2.0, 1.0, 50, 2, 1)
    assert (ed.games, ed.games_played, ed.points_for) == (3, 0, 0)
    assert ed.average_score is None
    assert ed.high_game is None


def test_forfeit_gives_winner_plus_fifty_and_loser_minus_fifty():
    rows = by_player(standings(PLAYERS, RESULTS, through_round=2))
    assert (rows[2].wins, rows[2].spread, rows[2].forfeits) == (1.0, 0, 1)  # -50 then +50
    assert (rows[5].losses, rows[5].spread) == (1.0, 0)  # +50 bye then -50 forfeit


def test_double_forfeit_is_a_loss_and_minus_fifty_for_both():
    rows = by_player(standings(PLAYERS, RESULTS))
    before = by_player(standings(PLAYERS, RESULTS, through_round=2))
    for number in (1, 4):
        assert rows[number].losses - before[number].losses == 1.0
        assert rows[number].spread - before[number].spread == -50
        assert rows[number].games_played == before[number].games_played


def test_settings_change_bye_forfeit_and_double_forfeit_spreads():
    custom = StandingsSettings(
        bye_spread=30, forfeit_spread=25, double_forfeit_spread=0, count_byes_in_games=False
    )
    rows = by_player(standings(PLAYERS, RESULTS, settings=custom))
    assert (rows[5].wins, rows[5].losses, rows[5].spread, rows[5].games, rows[5].byes) == (
        0.0,
        1.0,
        -25,
        1,
        2,
    )
    assert (rows[4].wins, rows[4].losses, rows[4].spread, rows[4].games) == (0.5, 1.5, 0, 2)
    assert rows[2].spread == -50 + 25 + 190
    assert rows[1].spread == 50 - 120 + 0


def test_bye_spread_setting_applies_when_byes_count():
    rows = by_player(standings(PLAYERS, RESULTS, settings=StandingsSettings(bye_spread=30)))
    assert rows[5].spread == 30 - 50 + 30


def test_spread_recorded_on_the_row_beats_the_setting():
    results = [GameResult(1, 1, None, None, None, K.BYE, spread=75)]
    assert standings(PLAYERS[:1], results)[0].spread == 75


def test_half_bye_is_half_a_win_and_no_spread():
    results = [GameResult(1, 1, None, None, None, K.HALF_BYE)]
    row = standings(PLAYERS[:1], results)[0]
    assert (row.wins, row.losses, row.spread, row.games, row.byes) == (0.5, 0.5, 0, 1, 1)


def test_through_round_ignores_later_rounds_and_breaks_ties_on_cumulative():
    rows = standings(PLAYERS, RESULTS, through_round=1)
    # Ann and Ed are 1-0 +50; Ann scored 400, Ed had a bye. Cy and Di tied each other.
    assert [(r.rank, r.player) for r in rows] == [(1, 1), (2, 5), (3, 3), (3, 4), (5, 2)]
    assert by_player(rows)[3].head_to_head == 0.5


def test_players_equal_on_every_key_share_a_rank():
    results = [*played(1, 1, 2, 400, 300), *played(1, 3, 4, 400, 300)]
    rows = standings(PLAYERS[:4], results)
    assert [(r.rank, r.player) for r in rows] == [(1, 1), (1, 3), (3, 2), (3, 4)]


def _h2h_results():
    # Ann beats Bob by 10 but then loses big; Bob wins big: equal wins, Bob far better spread.
    return [
        *played(1, 1, 2, 410, 400),
        *played(1, 3, 4, 400, 399),
        *played(2, 3, 1, 400, 300),
        *played(2, 2, 4, 500, 300),
    ]


def test_head_to_head_first_puts_the_winner_of_the_meeting_ahead():
    rows = standings(
        PLAYERS[:4],
        _h2h_results(),
        settings=StandingsSettings(tiebreaks=("head_to_head", "spread")),
    )
    assert [r.player for r in rows] == [3, 1, 2, 4]
    assert by_player(rows)[1].head_to_head == 1.0


def test_default_tiebreaks_put_spread_before_head_to_head():
    rows = standings(PLAYERS[:4], _h2h_results())
    assert [r.player for r in rows] == [3, 2, 1, 4]


def test_cumulative_tiebreak_prefers_points_scored_over_spread():
    results = [*played(1, 1, 2, 500, 450), *played(1, 3, 4, 350, 250)]
    cumulative = StandingsSettings(tiebreaks=("cumulative",))
    assert [r.player for r in standings(PLAYERS[:4], results, settings=cumulative)][:2] == [1, 3]
    assert [r.player for r in standings(PLAYERS[:4], results)][:2] == [3, 1]


def test_withdrawn_player_keeps_record_and_place_by_default():
    entries = [*PLAYERS[:4], PlayerInfo(5, "Ed", 1400, withdrawn=True)]
    rows = standings(entries, RESULTS)
    assert [r.player for r in rows] == [2, 5, 4, 3, 1]
    assert by_player(rows)[5].withdrawn is True
    assert by_player(rows)[5].wins == 2.0


def test_withdrawn_last_ranks_withdrawn_players_after_active_ones():
    entries = [*PLAYERS[:4], PlayerInfo(5, "Ed", 1400, withdrawn=True)]
    rows = standings(entries, RESULTS, settings=StandingsSettings(withdrawn_last=True))
    assert [(r.rank, r.player) for r in rows] == [(1, 2), (2, 4), (3, 3), (4, 1), (5, 5)]


def test_player_without_results_is_listed_with_zero_record():
    rows = standings([*PLAYERS, PlayerInfo(6, "Flo")], RESULTS)
    assert (rows[-1].player, rows[-1].games, rows[-1].wins, rows[-1].rank) == (6, 0, 0.0, 6)


def test_result_for_unknown_player_is_refused_with_template():
    with pytest.raises(StandingsError) as caught:
        standings(PLAYERS, [bye(2, 9)])
    assert caught.value.params == {"round": 2, "player": 9}
    assert str(caught.value) == "Round 2 names player 9, who is not in the division."


def test_played_game_without_scores_is_refused():
    with pytest.raises(StandingsError, match="without both scores"):
        standings(PLAYERS, [GameResult(1, 1, 2, 400, None)])


def test_unknown_tiebreak_and_duplicate_player_are_refused():
    with pytest.raises(StandingsError, match="Unknown tie-break rating"):
        standings(PLAYERS, [], settings=StandingsSettings(tiebreaks=("rating",)))
    with pytest.raises(StandingsError, match="listed more than once"):
        standings([PLAYERS[0], PLAYERS[0]], [])


@st.composite
def tournaments(draw):
    """Random divisions: played games, forfeits, double forfeits, byes and half byes."""
    count = draw(st.integers(2, 10))
    rounds = draw(st.integers(1, 5))
    rng = random.Random(draw(st.integers(0, 10_000)))
    results: list[GameResult] = []
    numbers = list(range(1, count + 1))
    for rnd in range(1, rounds + 1):
        rng.shuffle(numbers)
        if count % 2:
            kind = rng.choice([K.BYE, K.HALF_BYE])
            results.append(GameResult(rnd, numbers[-1], None, None, None, kind))
        for i in range(0, count - 1, 2):
            a, b = numbers[i], numbers[i + 1]
            roll = rng.random()
            if roll < 0.1:
                results.extend(forfeit(rnd, a, b))
            elif roll < 0.15:
                results.extend(double_forfeit(rnd, a, b))
            else:
                results.extend(played(rnd, a, b, rng.randint(0, 60) * 10, rng.randint(0, 60) * 10))
    players = [PlayerInfo(n, f"P{n}", rating=rng.randint(0, 2000)) for n in range(1, count + 1)]
    return players, results


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_wins_plus_losses_equal_games(case):
    players, results = case
    for row in standings(players, results):
        assert row.wins + row.losses == row.games


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_spread_of_played_games_sums_to_zero(case):
    players, results = case
    zero = StandingsSettings(bye_spread=0, forfeit_spread=0, double_forfeit_spread=0)
    assert sum(row.spread for row in standings(players, results, settings=zero)) == 0
    rows = standings(players, results)
    byes = sum(1 for r in results if r.kind is K.BYE)
    doubles = sum(1 for r in results if r.kind is K.DOUBLE_FORFEIT)
    assert sum(row.spread for row in rows) == 50 * byes - 50 * doubles


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_rows_are_sorted_and_ranks_follow_the_keys(case):
    players, results = case
    rows = standings(
        players, results, settings=StandingsSettings(tiebreaks=("spread", "cumulative"))
    )
    keys = [(r.wins, r.spread, r.points_for) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for row in rows:
        first_equal = keys.index((row.wins, row.spread, row.points_for)) + 1
        assert row.rank == first_equal
    assert sorted(r.player for r in rows) == [p.number for p in players]


@settings(max_examples=40, deadline=None)
@given(tournaments())
def test_head_to_head_only_reorders_players_tied_before_it(case):
    players, results = case
    rows = standings(players, results)
    keys = [(r.wins, r.spread, r.points_for) for r in rows]
    assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize("kind", [k for k in K if k is not K.PLAYED], ids=lambda k: k.value)
def test_an_unplayed_round_counts_what_outcomes_says_it_is_worth(kind, monkeypatch):
    # One home for what a bye or forfeit is worth: change it there and the standings follow.
    from tournaments.results import outcomes

    outcome = outcomes.Outcome(kind.value)
    opponent = 2 if kind in {K.FORFEIT_WIN, K.DOUBLE_FORFEIT} else None
    results = [GameResult(1, 1, opponent, None, None, kind)]
    assert standings(PLAYERS[:2], results)[0].wins == outcome.win_value
    monkeypatch.setitem(outcomes._WIN_VALUE, outcome, 0.25)
    row = next(r for r in standings(PLAYERS[:2], results) if r.player == 1)
    assert (row.wins, row.losses) == (0.25, 0.75)


ROWS = {
    "win": GameResult(1, 1, 2, 400, 350),
    "loss": GameResult(1, 1, 2, 350, 400),
    "tie": GameResult(1, 1, 2, 400, 400),
    "tie won on the play-off word": GameResult(1, 1, 2, 400, 400, won_playoff=True),
    "tie lost on the play-off word": GameResult(1, 1, 2, 400, 400, won_playoff=False),
    "bye": GameResult(1, 1, None, None, None, K.BYE),
    "half bye": GameResult(1, 1, None, None, None, K.HALF_BYE),
    "forfeit win": GameResult(1, 1, 2, None, None, K.FORFEIT_WIN),
    "forfeit loss": GameResult(1, 1, None, None, None, K.FORFEIT_LOSS),
    "double forfeit": GameResult(1, 1, 2, None, None, K.DOUBLE_FORFEIT),
}
WORTH = {"win": 1, "loss": 0, "tie": 0.5, "tie won on the play-off word": 1, "bye": 1}
WORTH |= {"tie lost on the play-off word": 0, "half bye": 0.5, "forfeit win": 1}
WORTH |= {"forfeit loss": 0, "double forfeit": 0}


@pytest.mark.parametrize("name", ROWS)
def test_a_rows_win_value_is_what_the_standings_count_for_it(name):
    row = ROWS[name]
    counted = next(r for r in standings(PLAYERS[:2], [row]) if r.player == 1)
    assert (row_win_value(row), counted.wins) == (WORTH[name], WORTH[name])
