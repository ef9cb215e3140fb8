"""A score report's device (the keyed hash of the browser it came from) travels in the event
archive, so the integrity desk's "one device" flag is the same in a copy and after a restore in
place; an archive made before devices were kept imports with the device unknown."""

import json

import pytest

from games.engine.integrity import flags as F
from games.integrity.selectors import event_flags
from tests import factories
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused
from tournaments.models import ScoreReport
from tournaments.services import events, self_reporting
from tournaments.services.restore_points import restore_point_in_place, restore_point_take

pytestmark = pytest.mark.django_db
DEVICE = "d" * 32


@pytest.fixture
def reported(director, event):
    """Both players of a game report its score from one browser."""
    events.tournament_update(by=director, tournament=event, self_reporting=True)
    division = factories.division(event, name="A")
    first, second = factories.entries(division, 2)
    pairing = factories.round_with_pairings(division, [first, second]).pairings.get()
    for entry in (first, second):
        self_reporting.report_submit(
            by=None, pairing_id=pairing.pk, first_score=400, second_score=300,
            as_entry_id=entry.pk, device=DEVICE,
        )  # fmt: skip
    return event


def devices(event) -> list[str]:
    reports = ScoreReport.objects.filter(pairing__round__division__tournament=event)
    return list(reports.order_by("reported_by__number").values_list("device", flat=True))


def flag_codes(event) -> list[str]:
    return [flag.code for flag in event_flags(event)[0]]


def imported(archive: dict):
    return event_import(by=None, data=json.dumps(archive).encode(), slug="copy").tournament


def test_a_copy_keeps_each_reports_device_and_the_one_device_flag(reported):
    assert flag_codes(reported) == [F.ONE_DEVICE]
    copy = imported(event_archive(reported))
    assert devices(copy) == [DEVICE, DEVICE]
    assert flag_codes(copy) == [F.ONE_DEVICE]


def test_a_restore_in_place_keeps_the_one_device_flag(director, reported):
    point = restore_point_take(by=director, tournament=reported)
    restore_point_in_place(by=director, tournament=reported, point_id=point.pk)
    assert devices(reported) == [DEVICE, DEVICE]
    assert flag_codes(reported) == [F.ONE_DEVICE]


def test_an_archive_from_before_devices_reads_them_unknown(reported):
    archive = event_archive(reported)
    for report in archive["score_reports"]:
        del report["device"]
    copy = imported(archive)
    assert devices(copy) == ["", ""]
    assert flag_codes(copy) == []


def test_a_device_longer_than_a_hash_is_refused(reported):
    archive = event_archive(reported)
    archive["score_reports"][0]["device"] = "d" * 33
    with pytest.raises(ArchiveRefused, match=r"score_reports\[0\]\.device"):
        imported(archive)
