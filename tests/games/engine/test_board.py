"""The board: premium layout, square names, placing and copying tiles."""

from __future__ import annotations

import pytest

from games.engine.board import (
    STANDARD_LAYOUT,
    Board,
    Placement,
    Premium,
    layout_from_premiums,
    layout_from_rows,
    parse_square,
    square_name,
)


def count(premium: Premium) -> int:
    return sum(row.count(premium) for row in STANDARD_LAYOUT)


def test_standard_layout_has_61_premiums_by_kind():
    assert (count(Premium.TW), count(Premium.DW), count(Premium.TL), count(Premium.DL)) == (
        8,
        17,
        12,
        24,
    )


def test_standard_layout_is_symmetric_both_ways():
    for r in range(15):
        for c in range(15):
            p = STANDARD_LAYOUT[r][c]
            assert (
                p
                == STANDARD_LAYOUT[c][r]
                == STANDARD_LAYOUT[14 - r][c]
                == STANDARD_LAYOUT[r][14 - c]
            )


@pytest.mark.parametrize(
    ("name", "premium"),
    [
        ("H8", Premium.DW),
        ("A1", Premium.TW),
        ("D8", Premium.DL),
        ("F2", Premium.TL),
        ("B1", Premium.NONE),
    ],
)
def test_named_squares_carry_their_premium(name, premium):
    assert Board().premium(*parse_square(name)) is premium


def test_square_names_are_column_letter_then_row_number():
    assert square_name(7, 7) == "H8"
    assert square_name(0, 14) == "O1"
    assert parse_square("o15") == (14, 14)
    with pytest.raises(ValueError):
        parse_square("P1")


def test_layout_from_rows_reads_premium_codes():
    rows = ["." * 15] * 15
    rows[0] = "Tt.dD" + "." * 10
    layout = layout_from_rows(rows)
    assert layout[0][:5] == (Premium.TW, Premium.TL, Premium.NONE, Premium.DL, Premium.DW)
    assert layout_from_premiums({"A1": Premium.TW})[0][0] is Premium.TW
    with pytest.raises(ValueError):
        layout_from_rows(["." * 15] * 14)


def test_place_get_copy_and_tiles_on_board():
    board = Board()
    assert board.is_empty()
    board.place([Placement(7, 7, "A"), Placement(7, 8, "T", is_blank=True)])
    assert board.get(7, 7) == "A" and board.get(7, 8) == "t"
    assert board.get(-1, 0) is None
    assert board.tiles_on_board() == "A?"
    twin = board.copy()
    twin.place([Placement(0, 0, "Z")])
    assert board.get(0, 0) is None and twin.tile_count() == 3
    with pytest.raises(ValueError):
        board.place([Placement(7, 7, "B")])


def test_remove_takes_tiles_back_off():
    board = Board()
    board.place([Placement(7, 7, "A")])
    board.remove([(7, 7)])
    assert board.is_empty()


def test_text_shows_letters_and_premium_codes():
    board = Board()
    board.place([Placement(7, 7, "A")])
    lines = board.text().splitlines()
    assert lines[0].split() == list("ABCDEFGHIJKLMNO")
    assert lines[8].split()[8] == "A"
    assert lines[1].split()[1] == "T"
