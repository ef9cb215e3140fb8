"""A division with a playoff as a TSH .t file: the playoff games are ordinary extra rounds."""

import pytest

from tests.tournaments.division_setup import field
from tests.tournaments.services.test_playoffs import games_of, swiss, win_for
from tournaments.models import Division
from tournaments.results.playoffs import read_stage
from tournaments.selectors.tsh import division_tsh_players
from tournaments.services import playoffs

pytestmark = pytest.mark.django_db


def test_playoff_games_are_extra_rounds_of_the_finalists_only(director):
    division, _ = field(6, director=director, rounds=6)
    swiss(division, rounds=2)
    playoffs.playoff_create(by=None, division=division, top=2, best_of=3)
    seeds = read_stage(Division.objects.get(pk=division.pk).playoff).seeds
    win_for(games_of(division, 3)[0], seeds[0])
    playoffs.playoff_pair_next(by=None, division=division)
    win_for(games_of(division, 4)[0], seeds[0])
    lines = {entry.number: player for entry, player in division_tsh_players(division)}
    finalists = {n: lines[n] for n in seeds}
    assert {len(p.opponents) for p in finalists.values()} == {4}
    assert {len(p.scores) for p in finalists.values()} == {4}
    assert lines[seeds[0]].scores[2:] == (450, 450) and lines[seeds[1]].scores[2:] == (350, 350)
    others = [p for n, p in lines.items() if n not in seeds]
    assert {len(p.opponents) for p in others} == {2}
