"""What an event broadcasts, in its archive: the delay, each division's top tables and the
games marked come back in a copy and after a restore in place (on the copy's own divisions and
games); an archive from before they were kept imports broadcasting nothing; bad settings are
refused with their paths."""

import datetime
import json

import pytest

from games.broadcast import services
from games.broadcast.models import BroadcastMark, DivisionBroadcast, EventBroadcast
from tests.command_runs import database_state
from tests.games.broadcast.world import world
from tournaments.archive.export import archive_bytes, event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused
from tournaments.services.restore_points import restore_point_in_place, restore_point_take

pytestmark = pytest.mark.django_db


@pytest.fixture
def broadcast(director):
    """A public event broadcast 15 minutes late, its top table and the game at table 2 marked."""
    w = world(director)
    services.broadcast_delay_set(by=director, tournament=w.event, minutes=15)
    services.broadcast_top_tables_set(by=director, division=w.division, tables=1)
    services.broadcast_mark(by=director, game=w.games[1], on=True)
    return w


def facts(event) -> dict:
    delay = EventBroadcast.objects.filter(tournament=event).values_list("delay_minutes")
    tops = DivisionBroadcast.objects.filter(division__tournament=event)
    marks = BroadcastMark.objects.filter(game__pairing__round__division__tournament=event)
    return {
        "delay": list(delay),
        "top_tables": list(tops.values_list("division__name", "top_tables")),
        "marked": list(marks.values_list("game__pairing__table", "marked_by__username")),
    }


def test_a_copy_broadcasts_as_the_event_did(broadcast):
    wanted = facts(broadcast.event)
    assert wanted["delay"] == [(15,)] and wanted["marked"] == [(2, broadcast.director.username)]
    copy = event_import(by=None, data=archive_bytes(broadcast.event), slug="copy").tournament
    assert facts(copy) == wanted
    assert facts(broadcast.event) == wanted  # the event's own are untouched


def test_a_copy_keeps_the_moment_each_game_was_marked(broadcast):
    """The archive's moment, not the import's (inserting a mark stamps it with "now")."""
    long_ago = datetime.datetime(2024, 5, 1, 9, 30, tzinfo=datetime.UTC)
    marks = BroadcastMark.objects.filter(game__pairing__round__division__tournament=broadcast.event)
    assert marks.update(marked_at=long_ago) == 1
    copy = event_import(by=None, data=archive_bytes(broadcast.event), slug="copy").tournament
    copied = BroadcastMark.objects.filter(game__pairing__round__division__tournament=copy)
    assert list(copied.values_list("marked_at", flat=True)) == [long_ago]


def test_a_restore_in_place_keeps_the_delay_the_top_tables_and_the_marks(broadcast):
    event, director = broadcast.event, broadcast.director
    wanted = facts(event)
    point = restore_point_take(by=director, tournament=event)
    services.broadcast_delay_set(by=director, tournament=event, minutes=0)
    restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    event.refresh_from_db()
    assert facts(event) == wanted


def test_an_archive_from_before_broadcasts_were_kept_broadcasts_nothing(broadcast):
    archive = event_archive(broadcast.event)
    del archive["broadcast"]
    copy = event_import(by=None, data=json.dumps(archive).encode(), slug="copy").tournament
    assert facts(copy) == {"delay": [], "top_tables": [], "marked": []}


def test_bad_broadcast_settings_are_refused_with_their_paths(broadcast):
    archive = event_archive(broadcast.event)
    kept = archive["broadcast"]
    kept["event"]["delay_minutes"] = 99
    kept["divisions"][0]["division"] = 424242
    kept["marks"].append(dict(kept["marks"][0], id=kept["marks"][0]["id"] + 1))
    before = database_state()
    with pytest.raises(ArchiveRefused) as refused:
        event_import(by=None, data=json.dumps(archive).encode(), slug="copy")
    assert database_state() == before
    assert refused.value.problems == [
        "broadcast.event: A broadcast delay is from 0 to 60 minutes (0: no delay).",
        "broadcast.divisions[0].division: the archive holds no such record here (id 424242)",
        f"broadcast.marks: the id {kept['marks'][0]['game']} appears twice",
    ]
