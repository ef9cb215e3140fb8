"""A publish records the event's latest change as published (``published_through``), so its files
must hold every change made until it began: one made by another process of a venue laptop
(each with a cache of its own), one whose page another request is building at that moment; and
a file a round removes stays named until it is gone, so a failed deletion is tried again."""

import threading
from unittest import mock

import pytest
from django.core.cache import cache

from publishing.models import PublishTarget
from publishing.queue import catch_up, queue_publish
from publishing.services import event_publish
from publishing.targets import TargetUnreachable
from publishing.targets.folder import FolderTarget
from publishing.worker import work_once
from tests.publishing.helpers import at
from tests.publishing.world import folder_files, second_result, small_event
from tournaments.public_cache.snapshots import snapshot_key
from tournaments.selectors.stamps import public_division_stamp

pytestmark = pytest.mark.django_db


def turn(seconds):
    return work_once(
        publish=event_publish, unreachable_error=TargetUnreachable, clock=lambda: at(seconds)
    )


def standings_page(root) -> str:
    return (root / "A" / "standings" / "index.html").read_text()


def test_a_result_entered_by_the_web_process_is_in_the_next_publish(director, tmp_path, settings):
    # The venue laptop: no shared cache, so the web process's renewal of the event's version
    # reaches only its own cache (mocked away here); the worker trusts its kept stamps 5 s.
    settings.REDIS_URL, settings.PUBLIC_STAMP_SECONDS = "", 5
    event = small_event(director)
    target = PublishTarget.objects.create(tournament=event, spec=str(tmp_path))
    queue_publish(target, due_at=at(0))
    assert turn(1).ok
    with mock.patch("core.audit.tournament_changed"):
        second_result(director, event, 517, 263)
    queue_publish(target, due_at=at(2))
    assert turn(3).ok
    assert "517" in standings_page(tmp_path)
    assert catch_up(at(600)) == []  # recorded as published, and it is


def test_a_page_another_request_is_building_is_waited_for_not_published_as_updating(
    director, tmp_path
):
    event = small_event(director)
    event_publish(event, str(tmp_path))
    second_result(director, event)  # 455–377
    division = event.divisions.get()
    lock = snapshot_key(division.pk, public_division_stamp(event.slug, "A").tag) + ":building"
    cache.add(lock, 1, 10)  # a phone's request is building the new snapshot
    threading.Timer(0.3, cache.delete, [lock]).start()  # and gives up without keeping it
    event_publish(event, str(tmp_path))
    page = standings_page(tmp_path)
    assert "455" in page and "Updating" not in page


def test_a_file_whose_deletion_failed_is_deleted_by_the_next_round(director, tmp_path):
    event = small_event(director)
    event_publish(event, str(tmp_path))
    event.__class__.objects.filter(pk=event.pk).update(is_public=False)
    real, calls = FolderTarget.delete_many, []

    def dropped_once(self, paths):
        calls.append(len(paths))
        if len(calls) == 1:
            raise TargetUnreachable("the network dropped during the deletion")
        return real(self, paths)

    with mock.patch.object(FolderTarget, "delete_many", dropped_once):
        with pytest.raises(TargetUnreachable):
            event_publish(event, str(tmp_path))
        report = event_publish(event, str(tmp_path))
    assert report.deleted == calls[0] > 0
    assert [path for path in folder_files(tmp_path) if path.endswith(".html")] == []
