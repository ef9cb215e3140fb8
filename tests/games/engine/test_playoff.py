"""The play-off word of a tied game: words of 1 to 7 letters, scores 0 to 1000, the higher wins."""

import pytest

from games.engine.playoff import (
    PlayoffAttempt,
    PlayoffWordRefused,
    attempt,
    attempts_from_json,
    playoff_winner,
)


def test_the_higher_score_wins_and_an_equal_one_decides_nothing():
    assert PlayoffAttempt(("ZAX", "CAT"), (19, 5)).winner == 0
    assert PlayoffAttempt(("CAT", "ZAX"), (5, 19)).winner == 1
    assert PlayoffAttempt(("CAT", "DOG"), (5, 5)).winner is None


def test_the_last_attempt_decides():
    equal = PlayoffAttempt(("CAT", "DOG"), (5, 5))
    second_wins = PlayoffAttempt(("CAT", "ZAX"), (5, 19))
    assert playoff_winner([]) is None
    assert playoff_winner([equal]) is None
    assert playoff_winner([equal, second_wins]) == 1


def test_words_are_capitalised_and_round_trip_through_json():
    made = attempt(("  quiet ", "Ox"), (14, 9))
    assert made == PlayoffAttempt(("QUIET", "OX"), (14, 9))
    assert attempts_from_json([made.to_json()]) == [made]


@pytest.mark.parametrize("word", ["A", "ABCDEFG"])
def test_one_to_seven_letters_is_a_word(word):
    assert attempt((word, "CAT"), (0, 1000)).words[0] == word


@pytest.mark.parametrize("word", ["", "ABCDEFGH", "CA T", "CAT?", "ÇA", "CAT1"])
def test_anything_else_is_refused(word):
    with pytest.raises(PlayoffWordRefused, match="is not a play-off word"):
        attempt((word, "CAT"), (1, 2))


@pytest.mark.parametrize("score", [-1, 1001, True, 2.5])
def test_a_score_outside_0_to_1000_is_refused(score):
    with pytest.raises(PlayoffWordRefused, match="is not a play-off score"):
        attempt(("CAT", "DOG"), (score, 2))
