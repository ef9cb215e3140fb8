"""Short codes a person can type (issue 33): they name the entry, read as typed however it is
spelled, and refuse a code whose keyed check does not match."""

import pytest

from tournaments.selectors.entry_links import (
    LinkRefused,
    entry_id_of_code,
    short_code,
)


@pytest.mark.parametrize("entry_id", [1, 31, 32, 1234, 2**31 - 1])
def test_a_code_names_its_entry(entry_id):
    assert entry_id_of_code(short_code(entry_id)) == entry_id


def test_a_code_is_read_however_it_is_typed():
    code = short_code(1234)
    typed = code.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    assert entry_id_of_code(typed) == 1234


def test_a_code_carries_forty_bits_of_check_beside_the_id():
    head, *check = short_code(1234).split("-")
    assert len("".join(check)) == 8  # 8 x 5 bits


def altered(code: str) -> str:
    return code[:-1] + ("0" if code[-1] != "0" else "1")


@pytest.mark.parametrize(
    "typed",
    ["", "16J", "16J-02U4-10R1", "1" * 41, "<script>", altered(short_code(1234))],
)
def test_a_wrong_short_long_or_altered_code_is_refused(typed):
    with pytest.raises(LinkRefused):
        entry_id_of_code(typed)
