import random
from dataclasses import replace

import pytest

from pairing.messages import PairingError
from pairing.sides import decide_first
from pairing.tables import assign_tables
from pairing.types import PairingOut

from .builders import make_field

A, B = make_field(2)


def test_player_with_fewer_firsts_goes_first():
    assert decide_first(replace(A, firsts=3), replace(B, firsts=2), random.Random(0)) == (
        2,
        1,
        False,
    )


def test_on_equal_firsts_the_player_who_went_second_more_recently_goes_first():
    a = replace(A, firsts=1, seconds=1, last_sides=("S", "F"))
    b = replace(B, firsts=1, seconds=1, last_sides=("F", "S"))
    assert decide_first(a, b, random.Random(0)) == (2, 1, False)
    a = replace(a, firsts=2, last_sides=("F", "S", "F", "S"))
    b = replace(b, firsts=2, last_sides=("S", "F", "F", "S"))
    # Both went second last game and first the game before; three games ago only a went second.
    assert decide_first(a, b, random.Random(0)) == (1, 2, False)


def test_otherwise_first_is_drawn_from_the_seeded_rng_and_marked():
    a = replace(A, firsts=1, last_sides=("F", "S"))
    b = replace(B, firsts=1, last_sides=("F", "S"))
    draws = {decide_first(a, b, random.Random(seed)) for seed in range(20)}
    assert draws == {(1, 2, True), (2, 1, True)}
    assert decide_first(a, b, random.Random(4)) == decide_first(a, b, random.Random(4))


def test_top_boards_go_to_the_top_of_the_standings_and_byes_last():
    pairings = [PairingOut(5, 6), PairingOut(7, None), PairingOut(2, 1), PairingOut(4, 3)]
    tabled = assign_tables(pairings, [1, 2, 3, 4, 5, 6, 7], {})
    assert [(p.first, p.second, p.table) for p in tabled] == [
        (2, 1, 1),
        (4, 3, 2),
        (5, 6, 3),
        (7, None, None),
    ]


def test_pinned_table_is_honoured_and_others_skip_it():
    pairings = [PairingOut(1, 2), PairingOut(3, 4), PairingOut(5, 6)]
    tabled = assign_tables(pairings, [1, 2, 3, 4, 5, 6], {6: 1})
    assert [(p.first, p.table) for p in tabled] == [(5, 1), (1, 2), (3, 3)]


def test_two_players_pinned_to_one_table_must_be_opponents():
    pairings = [PairingOut(1, 2), PairingOut(3, 4)]
    assert assign_tables(pairings, [1, 2, 3, 4], {1: 5, 2: 5})[1].table == 5
    with pytest.raises(PairingError) as err:
        assign_tables(pairings, [1, 2, 3, 4], {1: 5, 3: 5})
    assert err.value.params == {"first": 1, "second": 3, "table": 5}
    assert (
        str(err.value) == "Players 1 and 3 are both pinned to table 5 but do not play each other."
    )


def test_opponents_pinned_to_different_tables_is_an_error():
    with pytest.raises(PairingError) as err:
        assign_tables([PairingOut(1, 2)], [1, 2], {1: 3, 2: 4})
    assert err.value.params == {"first": 1, "second": 2, "table": 3, "other_table": 4}
