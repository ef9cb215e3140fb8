"""Step 2: catching, gibsonized players and Gibson groups, on hand-built standings."""

import pytest

from pairing.cop.gibson import can_catch, gibson_groups, gibsonized
from pairing.cop.standings import Standing


def player(wl2: int, spread: int) -> Standing:
    return Standing(0, "x", "", wl2, spread, 0)


@pytest.mark.parametrize(
    ("gap", "spread_gap", "catchable"),
    [
        (11, 10_000, True),  # under 2 games per round left (3 left: 12 in twice-W-L)
        (12, 1200, True),  # level on wins, spread gap exactly 200 x 2 x 3
        (12, 1201, False),  # one point more than the chaser can close
        (13, 0, False),  # more than 2 per round left
    ],
)
def test_a_player_can_catch_only_within_two_games_a_round_and_the_spread_limit(
    gap, spread_gap, catchable
):
    assert can_catch(player(gap, spread_gap), player(0, 0), 3, 200) is catchable


def test_a_runaway_leader_is_gibsonized_and_the_chasers_are_not():
    standings = [player(20, 500), player(6, 0), player(4, 0), player(2, 0)]
    assert gibsonized(standings, place_prizes=3, rounds_left=2, gibson_spread=200) == {0}


def test_a_settled_place_below_the_leader_is_gibsonized_too():
    # 2nd cannot catch 1st (gap 10 > 8) and 3rd cannot catch 2nd: both places are settled.
    standings = [player(30, 0), player(20, 0), player(10, 0), player(9, 0)]
    assert gibsonized(standings, place_prizes=2, rounds_left=2, gibson_spread=200) == {0, 1}


def test_only_paid_places_are_gibsonized():
    standings = [player(30, 0), player(20, 0), player(10, 0), player(0, 0)]
    assert gibsonized(standings, place_prizes=1, rounds_left=2, gibson_spread=200) == {0}


def test_a_gibsonized_leader_above_an_even_group_goes_to_the_bottom_group():
    # The group above the leader is empty (even), so the leader joins the bottom group.
    groups = gibson_groups(range(7), frozenset({0}))
    assert (groups.groups, groups.outside) == (((0, 1, 2, 3, 4, 5, 6),), (0,))


def test_an_odd_group_takes_in_the_gibsonized_player_below_it():
    groups = gibson_groups(range(8), frozenset({3}))
    assert (groups.groups, groups.outside) == (((0, 1, 2, 3), (4, 5, 6, 7)), ())


def test_an_even_group_sends_the_gibsonized_player_below_it_to_the_bottom_group():
    groups = gibson_groups(range(9), frozenset({2}))
    assert (groups.groups, groups.outside) == (((0, 1), (2, 3, 4, 5, 6, 7, 8)), (2,))
