"""Whether a division's self check-in is open travels in the event archive: a copy and a
restore in place keep it, and the audit log's Undo of opening it works there as in the
original; an archive made before it was kept reads closed. It stays out of the division's
settings, so next year's event (``event_copy``) starts with check-in closed."""

import json

import pytest

from core.models import AuditEntry
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.models import Division
from tournaments.services import check_in
from tournaments.services.change_undo import audited_undo
from tournaments.services.event_copy import division_specs
from tournaments.services.restore_points import restore_point_in_place, restore_point_take

from .world import small_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    event = small_event(director)
    check_in.check_in_set_open(by=director, division=event.divisions.get(), is_open=True)
    return event


def imported(archive: dict):
    return event_import(by=None, data=json.dumps(archive).encode(), slug="copy").tournament


def opened_undone(director, event) -> bool:
    """Undo the log's "check-in opened" of ``event``; whether check-in is closed after it."""
    opened = AuditEntry.objects.get(tournament=event, action="division.check_in_open")
    audited_undo(by=director, entry=opened)
    return not Division.objects.get(tournament=event).check_in_open


def test_a_copy_keeps_check_in_open_and_can_undo_opening_it(director, event):
    copy = imported(event_archive(event))
    assert Division.objects.get(tournament=copy).check_in_open
    assert opened_undone(director, copy)


def test_a_restore_in_place_keeps_check_in_open_and_can_undo_opening_it(director, event):
    point = restore_point_take(by=director, tournament=event)
    restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert Division.objects.get(tournament=event).check_in_open
    assert opened_undone(director, event)


def test_an_archive_from_before_check_in_was_kept_reads_closed(event):
    archive = event_archive(event)
    del archive["divisions"][0]["check_in_open"]
    assert not Division.objects.get(tournament=imported(archive)).check_in_open


def test_next_years_event_does_not_take_the_open_check_in(event):
    (spec,) = division_specs(event)
    assert "check_in_open" not in spec
