"""An entry's team and a division's team avoidance travel in the event archive; an archive made
before them imports with no team and no avoidance."""

import json

import pytest

from tests import factories
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.models import Division, Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    event = factories.tournament(slug="school-cup", director=director)
    division = factories.division(event, name="U12", avoid_team_rounds=3)
    first, _second = factories.entries(division, 2)
    first.team = "Bangkok Christian College"
    first.save()
    return event


def imported(archive: dict):
    return event_import(by=None, data=json.dumps(archive).encode(), slug="school-copy").tournament


def test_team_and_avoidance_come_back_as_they_were(event):
    copy = imported(event_archive(event))
    assert Division.objects.get(tournament=copy).avoid_team_rounds == 3
    teams = Entry.objects.filter(division__tournament=copy).order_by("number")
    assert list(teams.values_list("team", flat=True)) == ["Bangkok Christian College", ""]


def test_an_archive_from_before_teams_reads_none(event):
    archive = event_archive(event)
    division = archive["divisions"][0]
    del division["avoid_team_rounds"]
    for entry in division["entries"]:
        del entry["team"]
    copy = imported(archive)
    assert Division.objects.get(tournament=copy).avoid_team_rounds == 0
    assert set(Entry.objects.filter(division__tournament=copy).values_list("team", flat=True)) == {
        ""
    }
