"""Tile values and counts, the seeded bag, and rack arithmetic."""

from __future__ import annotations

import random

import pytest

from games.engine.tiles import (
    BLANK,
    FULL_SET,
    TILE_COUNTS,
    TILE_VALUES,
    Bag,
    first_player,
    rack_contains,
    rack_remove,
    rack_value,
    tile_value,
)


def test_set_has_100_tiles_98_letters_and_2_blanks():
    assert sum(TILE_COUNTS.values()) == 100
    assert TILE_COUNTS[BLANK] == 2
    assert len(FULL_SET) == 100


@pytest.mark.parametrize(
    ("letters", "value", "counts"),
    [
        ("AEILNORSTU", 1, (9, 12, 9, 4, 6, 8, 6, 4, 6, 4)),
        ("DG", 2, (4, 3)),
        ("BCMP", 3, (2, 2, 2, 2)),
        ("FHVWY", 4, (2, 2, 2, 2, 2)),
        ("K", 5, (1,)),
        ("JX", 8, (1, 1)),
        ("QZ", 10, (1, 1)),
    ],
)
def test_values_and_counts_follow_the_rules_table(letters, value, counts):
    assert [TILE_VALUES[letter] for letter in letters] == [value] * len(letters)
    assert tuple(TILE_COUNTS[letter] for letter in letters) == counts


def test_blank_and_lower_case_board_letter_are_worth_zero():
    assert tile_value(BLANK) == 0
    assert tile_value("q") == 0
    assert tile_value("Q") == 10


def test_same_seed_deals_the_same_tiles_and_another_seed_differs():
    assert Bag(seed=7).draw(14) == Bag(seed=7).draw(14)
    assert Bag(seed=7).draw(14) != Bag(seed=8).draw(14)
    assert Bag(seed=random.Random(3)).draw(7) == Bag(seed=3).draw(7)


def test_draw_takes_tiles_out_and_stops_when_empty():
    bag = Bag(seed=1, tiles="ABC")
    first = bag.draw(2)
    assert len(first) == 2 and len(bag) == 1
    assert sorted(first + bag.draw(5)) == ["A", "B", "C"]
    assert bag.draw(1) == "" and len(bag) == 0


def test_exchange_keeps_the_bag_size_and_returns_the_tiles_to_it():
    bag = Bag(seed=2)
    drawn = bag.exchange("ZX")
    assert len(drawn) == 2 and len(bag) == 100
    assert bag.remaining().count("Z") == 2  # the set's Z plus the one put back
    with pytest.raises(ValueError):
        Bag(seed=0, tiles="A").exchange("BC")


def test_remaining_lists_the_undrawn_tiles_letters_first():
    assert Bag(seed=0, tiles="?BA").remaining() == "AB?"


def test_copy_draws_the_same_tiles_as_the_original():
    bag = Bag(seed=5)
    twin = bag.copy()
    assert bag.draw(10) == twin.draw(10)


def test_rack_helpers_treat_strings_as_multisets():
    assert rack_contains("AEINRST", "TRAIN")
    assert not rack_contains("AEINRST", "TT")
    assert rack_remove("AEINRST", "TRAIN") == "ES"
    assert rack_remove("A?A", "A") == "?A"
    with pytest.raises(ValueError):
        rack_remove("ABC", "D")


def test_rack_value_with_and_without_blanks():
    assert rack_value("XA") == 9
    assert rack_value("XA?") == 9
    assert rack_value("XA?", blanks_count=False) == 9
    assert rack_value("") == 0


def test_first_player_is_nearest_to_a_and_a_blank_beats_every_letter():
    assert first_player(["D", "B"]) == 1
    assert first_player(["A", "?", "C"]) == 1
    assert first_player(["E", "E", "X"]) is None  # a tie: those players draw again
