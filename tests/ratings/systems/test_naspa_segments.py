"""Events longer than 16 rounds are rated in two or three segments, in turn."""

from __future__ import annotations

import pytest

from ratings.systems import rate_event
from ratings.systems.naspa import NaspaConfig, rate, segment_rounds
from ratings.systems.types import EventGame

from .factories import rated, rating_list


@pytest.mark.parametrize(
    ("rounds", "segments"),
    [
        (7, [(1, 7)]),
        (16, [(1, 16)]),
        (17, [(1, 9), (10, 17)]),
        (31, [(1, 16), (17, 31)]),
        (35, [(1, 18), (19, 35)]),
        (36, [(1, 12), (13, 24), (25, 36)]),
        (40, [(1, 14), (15, 27), (28, 40)]),
    ],
)
def test_segment_boundaries(rounds, segments):
    assert segment_rounds(rounds) == segments


def test_splitting_can_be_switched_off():
    assert segment_rounds(40, split=False) == [(1, 40)]


# Four players in a repeated round robin; player 1 wins everything early, then
# player 3 wins everything, so splitting matters.
PAIRS = [((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3))]


def _games(rounds):
    games = []
    for number in range(1, rounds + 1):
        for first, second in PAIRS[(number - 1) % 3]:
            winner_first = first == 1 if number <= 9 else first == 3 or second != 3
            games.append(EventGame(number, first, second, 1 if winner_first else 0))
    return games


RATINGS = rating_list(
    rated(1, 1600, 45), rated(2, 1750, 200), rated(3, 1820, 10), rated(4, 1500, 60)
)


def test_seventeen_rounds_rate_as_two_events_in_turn():
    whole = rate_event(RATINGS, _games(17))
    first = rate_event(RATINGS, [g for g in _games(17) if g.round <= 9])
    middle = {p: c.updated for p, c in first.items()}
    second = rate_event(middle, [g for g in _games(17) if g.round >= 10])
    assert {p: c.after for p, c in whole.items()} == {p: c.after for p, c in second.items()}
    assert whole[1].segments == (first[1].after, second[1].after)


def test_unsplit_rating_differs_from_split_rating():
    split = rate(RATINGS, _games(17))
    unsplit = rate(RATINGS, _games(17), config=NaspaConfig(split_long_events=False))
    assert {p: c.after for p, c in split.items()} != {p: c.after for p, c in unsplit.items()}
    assert len(split[1].segments) == 2
    assert len(unsplit[1].segments) == 1


def test_thirty_six_rounds_rate_in_three_segments():
    changes = rate_event(RATINGS, _games(36))
    assert all(len(change.segments) == 3 for change in changes.values())
    assert changes[1].games == 36


def test_games_of_earlier_segments_count_towards_experience():
    # Player 1 starts with 45 games: 54 after the first segment, so 20 not 30.
    per_segment = rate(RATINGS, _games(17))
    per_event = rate(RATINGS, _games(17), config=NaspaConfig(career_games_per_segment=False))
    assert per_segment[1].segments[0] == per_event[1].segments[0]
    assert per_segment[1].after != per_event[1].after


def test_scheduled_rounds_decide_the_segments_of_a_partial_event():
    games = [g for g in _games(17) if g.round <= 12]
    as_scheduled = rate_event(RATINGS, games, rounds=17)
    as_played = rate_event(RATINGS, games)
    assert len(as_scheduled[1].segments) == 2
    assert len(as_played[1].segments) == 1


def test_newcomer_of_the_first_segment_is_rated_in_the_second():
    ratings = {p: e for p, e in RATINGS.items() if p != 4}
    changes = rate_event(ratings, _games(17))
    assert changes[4].before is None
    assert len(changes[4].segments) == 2
    assert changes[4].after == changes[4].segments[1]
