"""``core.cli``: what every command shares for reading numbers and writing files."""

import argparse

import pytest
from django.core.management.base import CommandError

from core.cli import ROW_ID, whole_number, write_file


@pytest.mark.parametrize(
    ("size", "said"), [(0, 0), (1, 1), (1024, 1), (1025, 2), (2048, 2), (2049, 3)]
)
def test_a_written_file_is_said_with_its_size_in_kb_rounded_up(tmp_path, size, said):
    path = tmp_path / "out.bin"
    assert write_file(str(path), b"x" * size) == f"Wrote {path} ({said} KB)."
    assert path.stat().st_size == size


def test_a_file_that_cannot_be_written_is_refused_with_the_reason(tmp_path):
    with pytest.raises(CommandError) as caught:
        write_file(str(tmp_path / "missing" / "out.bin"), b"x")
    assert str(caught.value).endswith("No such file or directory")


@pytest.mark.parametrize(("typed", "read"), [("3", 3), ("-2", -2), (" 7 ", 7), ("+5", 5)])
def test_a_whole_number_within_its_bounds_is_read(typed, read):
    assert whole_number(-2, 7)(typed) == read


@pytest.mark.parametrize("typed", ["8", "-3", "7.0", "٧", "1_0", "seven", "9" * 5000])
def test_anything_else_is_refused_naming_the_bounds(typed):
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        whole_number(-2, 7)(typed)
    assert str(caught.value) == "Enter a whole number from -2 to 7."


def test_a_row_id_is_what_an_id_column_holds():
    assert ROW_ID("1") == 1
    assert ROW_ID(str(2**63 - 1)) == 2**63 - 1
    for typed in ("0", str(2**63)):
        with pytest.raises(argparse.ArgumentTypeError):
            ROW_ID(typed)


def test_an_empty_number_is_refused():
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        whole_number(-2, 7)("")
    assert str(caught.value) == "This field is required."
