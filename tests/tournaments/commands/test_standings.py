"""manage.py standings: the division's standings as text, JSON or CSV."""

import pytest

from tests.command_runs import run
from tests.tournaments import reports_world

pytestmark = pytest.mark.django_db


def test_text_standings_mark_a_withdrawn_player_as_the_page_does():
    division = reports_world.build()
    division.entries.filter(number=6).update(withdrawn_after_round=2)
    lines = run("standings", "spring-open").splitlines()
    marked = [line for line in lines if "(withdrawn)" in line]
    assert len(marked) == 1 and "Ben Ng (withdrawn)" in marked[0]
