"""A division's "keep team-mates apart for the first N rounds" reaches the pairing: the entries'
teams and the setting go into the round input, so round N avoids team-mates and round N+1 may
pair them."""

import pytest

from tests.tournaments.division_setup import field, games, play
from tournaments.models import Pairing
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def teamed_field(avoid: int):
    """Four entries by rating: #1 and #2 of school A, #3 and #4 of school B."""
    division, people = field(4, rounds=4, avoid_team_rounds=avoid)
    for entry, school in zip(people, "AABB", strict=True):
        entry.team = f"School {school}"
        entry.save()
    return division


def school_a_wins_round_one(division) -> None:
    """#1 and #2 (school A) beat #3 and #4: the two 1-0 players are team-mates."""
    for pairing in Pairing.objects.filter(round__division=division).select_related("first"):
        first_wins = pairing.first.number in (1, 2)
        play(pairing, 420 if first_wins else 380, 380 if first_wins else 420)


@pytest.mark.parametrize(
    "avoid, round_one",
    [
        (0, {frozenset({1, 2}), frozenset({3, 4})}),
        (1, {frozenset({1, 3}), frozenset({2, 4})}),
    ],
)
def test_round_one_keeps_schools_apart_only_when_asked(avoid, round_one):
    division = teamed_field(avoid)
    round_pair(by=None, division=division, round_number=1, seed=1)
    assert games(division, 1) == round_one


def test_the_round_after_the_last_avoided_one_pairs_team_mates():
    division = teamed_field(1)
    round_pair(by=None, division=division, round_number=1, seed=1)
    school_a_wins_round_one(division)
    round_pair(by=None, division=division, round_number=2, seed=1)
    assert frozenset({1, 2}) in games(division, 2)


def test_the_same_round_two_keeps_them_apart_while_still_avoided():
    division = teamed_field(2)
    round_pair(by=None, division=division, round_number=1, seed=1)
    school_a_wins_round_one(division)
    round_pair(by=None, division=division, round_number=2, seed=1)
    assert frozenset({1, 2}) not in games(division, 2)
