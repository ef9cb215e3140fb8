from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.registry import pair_round
from pairing.roundrobin import berger_round, scheduled_games
from pairing.sides import record_side
from pairing.types import FIRST, SECOND

from .builders import byes_of, games, make_field, make_input


def test_berger_table_for_four_players_round_by_round():
    assert berger_round(4, 1) == [(1, 4), (2, 3)]
    assert berger_round(4, 2) == [(4, 3), (1, 2)]
    assert berger_round(4, 3) == [(2, 4), (3, 1)]


def test_berger_table_for_six_players_round_by_round():
    assert berger_round(6, 1) == [(1, 6), (2, 5), (3, 4)]
    assert berger_round(6, 2) == [(6, 4), (5, 3), (1, 2)]
    assert berger_round(6, 3) == [(2, 6), (3, 1), (4, 5)]
    assert berger_round(6, 4) == [(6, 5), (1, 4), (2, 3)]
    assert berger_round(6, 5) == [(3, 6), (4, 2), (5, 1)]


def test_odd_field_gives_the_phantoms_opponent_the_bye():
    assert scheduled_games([10, 20, 30], 1) == [(10, None), (20, 30)]
    assert scheduled_games([10, 20, 30], 2) == [(30, None), (10, 20)]
    assert scheduled_games([10, 20, 30], 3) == [(20, None), (30, 10)]


def test_second_cycle_reverses_sides():
    assert scheduled_games([1, 2, 3, 4], 4) == [(4, 1), (3, 2)]


def test_double_round_robin_plays_each_opponent_twice_in_a_row_with_sides_swapped():
    assert scheduled_games([1, 2, 3, 4], 1, back_to_back=True) == [(1, 4), (2, 3)]
    assert scheduled_games([1, 2, 3, 4], 2, back_to_back=True) == [(4, 1), (3, 2)]
    assert scheduled_games([1, 2, 3, 4], 3, back_to_back=True) == [(4, 3), (1, 2)]


def run_round_robin(count: int, rounds: int, system: str = "roundrobin"):
    field = make_field(count)
    by_id = {c.id: c for c in field}
    history: list[tuple[int, int | None]] = []
    rounds_played = []
    for number in range(1, rounds + 1):
        ri = make_input(
            tuple(by_id.values()), round_number=number, history=tuple(history), total_rounds=rounds
        )
        pairings = pair_round(system, ri)
        rounds_played.append(pairings)
        for p in pairings:
            history.append((p.first, p.second))
            if p.second is not None:
                by_id[p.first] = record_side(by_id[p.first], FIRST)
                by_id[p.second] = record_side(by_id[p.second], SECOND)
            else:
                by_id[p.first] = replace(by_id[p.first], byes=by_id[p.first].byes + 1)
    return rounds_played, by_id


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=2, max_value=16))
def test_single_round_robin_is_complete_and_balanced_in_firsts(count):
    rounds = count - 1 if count % 2 == 0 else count
    played, by_id = run_round_robin(count, rounds)
    met = Counter(frozenset(p.players) for r in played for p in r if p.second is not None)
    assert set(met.values()) == {1}
    assert len(met) == count * (count - 1) // 2
    for pairings in played:
        assert sorted(x for p in pairings for x in p.players) == sorted(by_id)
    if count % 2 == 0:
        firsts = [c.firsts for c in by_id.values()]
        assert max(firsts) - min(firsts) <= 1
    else:
        assert all(c.byes == 1 for c in by_id.values())


def test_double_round_robin_balances_firsts_against_each_opponent():
    played, by_id = run_round_robin(6, 10, "double_roundrobin")
    met = Counter(frozenset(p.players) for r in played for p in r)
    assert set(met.values()) == {2}
    sides = Counter((p.first, p.second) for r in played for p in r)
    assert set(sides.values()) == {1}
    assert {c.firsts for c in by_id.values()} == {5}


def test_withdrawn_players_scheduled_opponent_gets_the_bye():
    field = make_field(4)
    ri = make_input(field[:3], roster=(1, 2, 3, 4))
    pairings = pair_round("roundrobin", ri)
    assert games(pairings) == {frozenset({2, 3})}
    assert byes_of(pairings) == [1]


def test_late_entry_takes_the_games_of_a_withdrawn_player():
    field = make_field(5)
    active = field[:3] + field[4:]  # player 4 withdrew, player 5 entered late
    ri = make_input(active, roster=(1, 2, 3, 4))
    pairings = pair_round("roundrobin", ri)
    assert games(pairings) == {frozenset({2, 3}), frozenset({1, 5})}
    assert byes_of(pairings) == []


def test_left_over_players_who_are_scheduled_to_meet_take_byes():
    field = make_field(4)
    ri = make_input(field[:1] + field[2:3], roster=(1, 2, 3, 4))
    pairings = pair_round("roundrobin", ri)
    assert games(pairings) == set()
    assert sorted(byes_of(pairings)) == [1, 3]
