"""Pinned tables next to each other (1 and 2, or 1 and 3): free games take the numbers left
over, never a pinned one."""

from __future__ import annotations

from pairing.tables import assign_tables
from pairing.types import PairingOut

ORDER = [1, 2, 3, 4, 5, 6, 7, 8]
GAMES = [PairingOut(1, 2), PairingOut(3, 4), PairingOut(5, 6), PairingOut(7, 8)]


def tables(fixed):
    return [(p.first, p.table) for p in assign_tables(GAMES, ORDER, fixed)]


def test_two_pinned_tables_in_a_row_leave_free_games_the_numbers_after_them():
    assert tables({7: 1, 5: 2}) == [(7, 1), (5, 2), (1, 3), (3, 4)]


def test_three_pinned_tables_in_a_row_at_the_top_and_one_free_game():
    assert tables({8: 1, 6: 2, 4: 3}) == [(7, 1), (5, 2), (3, 3), (1, 4)]


def test_pinned_tables_with_a_gap_give_the_gap_to_the_best_placed_free_game():
    assert tables({7: 1, 5: 3}) == [(7, 1), (1, 2), (5, 3), (3, 4)]


def test_every_table_number_is_used_once():
    for fixed in ({7: 1, 5: 2}, {8: 2, 6: 3}, {1: 1, 3: 2, 5: 3}):
        numbers = [table for _, table in tables(fixed)]
        assert sorted(numbers) == [1, 2, 3, 4]
