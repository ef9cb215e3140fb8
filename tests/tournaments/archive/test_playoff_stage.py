"""A division's playoff travels in the archive; an archive from before it imports without one,
and a stage the core cannot read is named."""

import json

import pytest

from tests.command_runs import database_state
from tests.tournaments.division_setup import field
from tests.tournaments.services.test_playoffs import swiss
from tournaments.archive.export import archive_bytes, event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused
from tournaments.models import Division
from tournaments.services import playoffs

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    division, _ = field(6, director=director, rounds=4)
    swiss(division, rounds=2)
    playoffs.playoff_create(by=None, division=division, top=4, best_of=3, third_place=True)
    return division.tournament


def imported(archive: dict):
    return event_import(by=None, data=json.dumps(archive).encode(), slug="po-copy").tournament


def test_the_playoff_and_its_games_round_trip(event):
    original = Division.objects.get(tournament=event)
    copy = event_import(by=None, data=archive_bytes(event), slug="po-copy").tournament
    division = copy.divisions.get()
    assert division.playoff == original.playoff and division.playoff["top"] == 4
    assert division.round_set.filter(system="playoff").count() == 1


def test_an_archive_from_before_playoffs_imports_without_one(event):
    archive = event_archive(event)
    del archive["divisions"][0]["playoff"]
    assert imported(archive).divisions.get().playoff == {}


def test_a_stage_the_core_cannot_read_is_named_and_nothing_is_imported(event):
    archive = event_archive(event)
    archive["divisions"][0]["playoff"] = {"top": "four"}
    before = database_state()
    with pytest.raises(ArchiveRefused) as refusal:
        imported(archive)
    assert database_state() == before
    assert refusal.value.problems == [
        "divisions[0].playoff: The division's playoff is not one this version can read."
    ]
