"""Team-mates kept apart in rounds 1..N (``PairingSettings.avoid_team_rounds``), and only then:
Swiss weighs it in its matching, the pattern systems swap opponents afterwards, and a field that
cannot avoid it (one team) still pairs."""

from dataclasses import replace

import pytest

from pairing import teams
from pairing.registry import pair_round
from pairing.types import PairingSettings

from .builders import games, make_field, make_input

# Standings neighbours share a team: 1-2 "A", 3-4 "B", 5-6 "C", 7-8 "D".
TEAMS = {1: "A", 2: "A", 3: "B", 4: "B", 5: "C", 6: "C", 7: "D", 8: "D"}


def teamed(count=8, wins=None, team_of=TEAMS):
    return tuple(replace(c, team=team_of.get(c.id, "")) for c in make_field(count, wins=wins))


def settings(rounds: int) -> PairingSettings:
    return PairingSettings(gibsonize=False, avoid_team_rounds=rounds)


def mates_games(pairings, team_of=TEAMS) -> int:
    return sum(
        1
        for p in pairings
        if p.second is not None
        and team_of.get(p.first)
        and team_of[p.first] == team_of.get(p.second)
    )


NEIGHBOURS = {frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6}), frozenset({7, 8})}


@pytest.mark.parametrize("system", ["swiss", "koth", "seeded", "random", "queen", "factor"])
def test_round_n_keeps_team_mates_apart(system):
    field = teamed(wins=[3, 3, 2, 2, 1, 1, 0, 0])
    round_input = make_input(field, round_number=3, settings=settings(3))
    assert mates_games(pair_round(system, round_input)) == 0


def test_swiss_round_n_plus_one_pairs_team_mates_again():
    field = teamed(wins=[3, 3, 2, 2, 1, 1, 0, 0])
    round_input = make_input(field, round_number=4, settings=settings(3))
    assert games(pair_round("swiss", round_input)) == NEIGHBOURS


def test_swiss_round_n_moves_only_as_far_as_it_must():
    field = teamed(wins=[3, 3, 2, 2, 1, 1, 0, 0])
    paired = games(pair_round("swiss", make_input(field, round_number=3, settings=settings(3))))
    assert paired == {frozenset({1, 3}), frozenset({2, 4}), frozenset({5, 7}), frozenset({6, 8})}


def test_koth_round_n_plus_one_pairs_team_mates_again():
    field = teamed(wins=[3, 3, 2, 2, 1, 1, 0, 0])
    round_input = make_input(field, round_number=4, settings=settings(3))
    assert games(pair_round("koth", round_input)) == NEIGHBOURS


def test_no_avoidance_when_the_setting_is_off():
    field = teamed(wins=[3, 3, 2, 2, 1, 1, 0, 0])
    round_input = make_input(field, round_number=1, settings=settings(0))
    assert games(pair_round("swiss", round_input)) == NEIGHBOURS


@pytest.mark.parametrize("system", ["swiss", "koth", "seeded", "random"])
def test_a_division_of_one_team_still_pairs(system):
    one_team = {n: "Sole school" for n in range(1, 9)}
    field = teamed(team_of=one_team)
    pairings = pair_round(system, make_input(field, round_number=1, settings=settings(5)))
    assert sorted(p for g in pairings for p in g.players) == list(range(1, 9))
    assert mates_games(pairings, one_team) == 4


def test_a_team_larger_than_half_the_field_keeps_as_many_apart_as_it_can():
    big = {n: "Big" for n in range(1, 7)}  # six of eight: at least two team-mates games
    field = teamed(team_of=big)
    pairings = pair_round("swiss", make_input(field, round_number=1, settings=settings(1)))
    assert mates_games(pairings, big) == 2
    assert not teams.separable(field)
    assert teams.separable(teamed())


def test_players_without_a_team_are_never_team_mates():
    field = make_field(4)
    assert not teams.team_mates(field[0], field[1])
    assert not teams.avoiding(make_input(field, settings=settings(3)))
