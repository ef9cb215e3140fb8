"""The picture of the database the refusal tests compare (tests/command_runs.py)."""

import pytest
from django.apps import apps

from tests import factories
from tests.command_runs import WRITTEN_MODELS, database_state, row_counts

pytestmark = pytest.mark.django_db


def test_row_counts_read_each_table_as_the_orm_counts_it(event):
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 4))
    factories.game()
    counts = row_counts(WRITTEN_MODELS)
    assert counts == {label: apps.get_model(label).objects.count() for label in WRITTEN_MODELS}
    assert counts["tournaments.Entry"] == 4 and counts["tournaments.Pairing"] == 2


def test_one_more_row_changes_the_picture_and_nothing_written_leaves_it(event):
    before = database_state()
    assert database_state() == before
    factories.player()
    after = database_state()
    assert after["players.Player"] == before["players.Player"] + 1
    assert {k: v for k, v in after.items() if k != "players.Player"} == {
        k: v for k, v in before.items() if k != "players.Player"
    }
