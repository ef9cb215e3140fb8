"""Names with a word starting with digits ("2nd", "3rd", "4x4") survive a ``.t`` file: the rating
is the first whole-number word, never a word that merely starts with digits."""

from __future__ import annotations

import pytest

from tournaments.tsh import TshDivision, TshPlayer, read_t, write_t
from tournaments.tsh.writer import name_problems

NAMES = ["Smith 2nd, John", "Lee, 3rd Avenue Kid", "4x4 Club, Ana", "Okafor, Tem 10th"]


def division(names: list[str]) -> TshDivision:
    count = len(names)
    return TshDivision(
        tuple(
            TshPlayer(n, name, str(1500 + n), (count + 1 - n,) if count % 2 == 0 else (), ())
            for n, name in enumerate(names, start=1)
        )
    )


@pytest.mark.parametrize("name", NAMES)
def test_a_name_with_a_word_starting_with_digits_reads_back_unchanged(name):
    original = division([name, "Quill, Avery"])
    assert name_problems(original.players[0]) == []
    assert read_t(write_t(original).encode()) == original


def test_a_line_with_an_ordinal_in_the_name_reads_the_rating_after_it():
    read = read_t(b"Smith 2nd, John 1620 2; 400\nQuill, Avery 1544 1; 380\n")
    first = read.player(1)
    assert (first.name, first.rating, first.opponents, first.scores) == (
        "Smith 2nd, John",
        "1620",
        (2,),
        (400,),
    )


def test_a_bare_number_in_a_name_is_still_refused_by_the_writer():
    assert name_problems(division(["Smith, John 2", "Quill, Avery"]).players[0]) != []
