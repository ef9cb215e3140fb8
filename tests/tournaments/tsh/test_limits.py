"""TSH files are read within what the database can hold, and a name the format cannot carry is
refused at export instead of written into a file that reads back differently."""

import pytest

from tournaments.tsh.division import TshDivision, TshPlayer
from tournaments.tsh.messages import TshError
from tournaments.tsh.reader import NAME_LIMIT, RATING_LIMIT, SCORE_LIMIT, read_t
from tournaments.tsh.writer import write_t


def problems(text: str) -> list[str]:
    with pytest.raises(TshError) as refused:
        read_t(text.encode())
    return [str(p) for p in refused.value.problems]


def pair(first: str, second: str) -> str:
    return f"{first}\n{second}\n"


def test_a_negative_score_against_a_real_opponent_is_refused_by_line():
    found = problems(pair("Doe, John 1500 2; -5", "Roe, Jane 1500 1; 400"))
    assert found == [
        "Line 1: round 1 against opponent 2 has the negative score -5; only a bye or forfeit "
        "(opponent 0) carries a negative spread."
    ]


def test_a_negative_spread_on_a_bye_or_forfeit_is_kept():
    division = read_t(b"Doe, John 1500 0; -50\n")
    assert division.players[0].scores == (-50,)


@pytest.mark.parametrize("score", [SCORE_LIMIT, -SCORE_LIMIT])
def test_scores_at_the_limit_are_read(score):
    assert read_t(f"Doe, John 1500 0; {score}\n".encode()).players[0].scores == (score,)


@pytest.mark.parametrize("score", [SCORE_LIMIT + 1, -SCORE_LIMIT - 1, 2**31, 2**63])
def test_scores_beyond_the_limit_are_refused(score):
    assert problems(f"Doe, John 1500 0; {score}\n") == [
        f"Line 1: round 1 score {score} is outside -5000 to 5000."
    ]


def test_a_name_at_the_limit_is_read_and_one_longer_is_refused():
    name = "Long, " + "a" * (NAME_LIMIT - 6)
    assert read_t(f"{name} 1500\n".encode()).players[0].name == name
    assert problems(f"{name}b 1500\n") == [
        f"Line 1: the name {(name + 'b')[:40]}… is longer than 120 characters."
    ]


@pytest.mark.parametrize("rating, ok", [(RATING_LIMIT, True), (RATING_LIMIT + 1, False)])
def test_ratings_up_to_the_limit(rating, ok):
    text = f"Doe, John {rating}\n"
    if ok:
        assert read_t(text.encode()).players[0].rating == str(rating)
    else:
        assert problems(text) == [f"Line 1: rating {rating} is above 9999."]


@pytest.mark.parametrize("value", ["1³", "٣", "-1", "x"])
def test_a_p12_value_that_is_not_an_ascii_digit_is_refused(value):
    found = problems(f"Doe, John 1500 0; 50; p12 {value}\n")
    assert found[0].startswith(f"Line 1: p12 value {value} in round 1 must be 0 (bye)")


def test_unicode_digits_are_not_read_as_scores():
    assert problems("Doe, John 1500 0; ٥٠\n") == ["Line 1: score value ٥٠ is not a whole number."]


def player(number: int, name: str) -> TshPlayer:
    return TshPlayer(number, name, "1500", (), ())


@pytest.mark.parametrize(
    "name, reason",
    [
        ("Anne; 2000 1", "a name with ';' cannot be written"),
        ("Anne 2000 1", "a word of the name is a number"),
        ("Henry 8", "a word of the name is a number"),
        ("Bo 10+2", "a word of the name is a number"),
        ("   ", "has no name"),
        ("# Anne", "a name with ';' cannot be written"),
    ],
)
def test_names_the_format_cannot_carry_are_refused_with_a_reason(name, reason):
    with pytest.raises(TshError) as refused:
        write_t(TshDivision((player(1, "Ok, Name"), player(2, name))))
    assert reason in str(refused.value)
    assert refused.value.problems[0].params["number"] == 2


@pytest.mark.parametrize(
    "name", ["O'Brien, Anne", "Anne II", "R2-D2", "王小明", "สมชาย ใจดี", "Anne-2000", "<b>x</b>"]
)
def test_hostile_but_writable_names_round_trip(name):
    division = TshDivision((player(1, name),))
    assert read_t(write_t(division).encode()).players[0].name == name
