"""`manage.py desk`: which round a result line typed without one goes to. ``sp``, ``print`` and
the division page show the latest paired round, results wait on the first round with a game
missing; when the two differ a bare ``a LINE`` is refused rather than guessed, and ``a ROUND``
names the round, as in TSH."""

import pytest

from tests import factories
from tests.command_runs import database_state
from tests.command_runs import desk_typed as typed
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_rounds(director):
    """Division A of four, rounds 1 and 2 paired; round 1's table 1 has its result."""
    event = factories.tournament(director=director)
    division = factories.division(event, name="A", rounds=3)
    entries = factories.entries(division, 4)
    factories.round_with_pairings(division, entries)
    factories.round_with_pairings(division, entries, number=2)
    Pairing.objects.filter(round__number=1, table=1).update(first_score=400, second_score=300)
    return event.slug


def scores(number: int, table: int) -> tuple:
    pairing = Pairing.objects.get(round__number=number, table=table)
    return pairing.first_score, pairing.second_score


def test_a_bare_line_is_refused_while_two_rounds_could_be_meant(monkeypatch, tmp_path, two_rounds):
    before = database_state()
    out = typed(monkeypatch, tmp_path, two_rounds, "sp", "a 2 410 390")
    assert "Division A, round 2:" in out
    assert (
        "Round 1 of division A still waits for results and round 2 is paired: type “a ROUND” "
        "first (e.g. “a 2”), then the result."
    ) in out
    assert database_state() == before


def test_a_round_named_first_takes_the_line(monkeypatch, tmp_path, two_rounds):
    out = typed(monkeypatch, tmp_path, two_rounds, "a 2", "2 410 390", "", "a 1", "2 350 360")
    assert "Round 2, table 2" in out and "Saved: 410–390" in out
    assert (scores(2, 2), scores(1, 2)) == ((410, 390), (350, 360))


def test_a_bare_line_goes_to_the_latest_round_once_the_one_before_is_done(
    monkeypatch, tmp_path, two_rounds
):
    Pairing.objects.filter(round__number=1, table=2).update(first_score=380, second_score=390)
    out = typed(monkeypatch, tmp_path, two_rounds, "a 2 410 390")
    assert "Round 2, table 2" in out and "Saved: 410–390" in out
    assert scores(2, 2) == (410, 390)
