"""The worker runs one job at a time per target, takes every job a publish covered, and waits
out a target that cannot be reached with a bounded backoff, losing nothing."""

import socket

import pytest

from core.audit import audit_record
from core.models import AuditEntry
from publishing.models import PublishJob, PublishTarget
from publishing.queue import queue_publish
from publishing.worker import claim_next, release_abandoned, work_once
from tests.publishing.helpers import Down, FakePublish, at, target

pytestmark = pytest.mark.django_db


@pytest.fixture
def publish():
    return FakePublish()


def turn(publish, seconds):
    return work_once(publish=publish, unreachable_error=Down, clock=lambda: at(seconds), name="w:1")


def test_nothing_due_runs_nothing(event, publish):
    one = target(event, published_through=10**9)
    queue_publish(one, due_at=at(5))
    assert turn(publish, 4.9) is None
    assert publish.calls == []
    assert turn(publish, 5).ok
    assert publish.calls == [(event.pk, one.spec)]


def test_a_publish_records_what_it_did_and_takes_the_jobs_it_covered(event, publish):
    one = target(event)
    first = queue_publish(one, due_at=at(1))
    PublishJob.objects.create(target=one, due_at=at(2), changes=4)
    delayed = PublishJob.objects.create(target=one, due_at=at(900), reason=PublishJob.DELAYED)
    outcome = turn(publish, 3)
    assert (outcome.ok, outcome.sent) == (True, 3)
    done = PublishJob.objects.get(pk=first.pk)
    assert (done.state, done.changes, done.sent, done.unchanged, done.manifest_hash) == (
        "done",
        5,
        3,
        10,
        "abc",
    )
    # The board let out later still has its publish.
    assert list(PublishJob.objects.filter(state="waiting").values_list("pk", flat=True)) == [
        delayed.pk
    ]
    one.refresh_from_db()
    assert (one.last_published_at, one.failures, one.retry_at, one.unreachable_since) == (
        at(3),
        0,
        None,
        None,
    )


def test_an_unreachable_target_waits_out_a_doubling_backoff(event, publish, settings):
    settings.PUBLISH_RETRY_FIRST_SECONDS = 2
    one = target(event)
    job = queue_publish(one, due_at=at(0))
    publish.down = True
    outcome = turn(publish, 0)
    assert (outcome.ok, outcome.error) == (False, "/srv/www/event cannot be reached")
    one.refresh_from_db()
    assert (one.failures, one.retry_at, one.unreachable_since) == (1, at(2), at(0))
    assert "cannot be reached" in one.last_error
    job.refresh_from_db()
    assert (job.state, job.attempts) == ("waiting", 1)
    # Resting: nothing runs before the retry time.
    assert turn(publish, 1.9) is None
    assert turn(publish, 2).ok is False
    one.refresh_from_db()
    # Unreachable since the first failure; the rest doubles.
    assert (one.failures, one.retry_at, one.unreachable_since) == (2, at(6), at(0))


def test_a_target_that_returns_catches_up_with_every_change_kept(event, publish):
    one = target(event)
    publish.down = True
    for second in range(5):
        queue_publish(one, due_at=at(second))
        turn(publish, second)
    waiting = PublishJob.objects.filter(state="waiting")
    assert waiting.count() == 1 and waiting.get().changes == 5
    publish.down = False
    later = at(400)
    assert turn(publish, 400).ok
    job = PublishJob.objects.get()
    assert (job.state, job.changes, job.attempts, job.finished_at) == ("done", 5, 3, later)
    assert PublishTarget.objects.get().unreachable_since is None


def test_one_job_at_a_time_per_target(event, publish):
    one = target(event)
    other = target(event, "/srv/www/other")
    queue_publish(one, due_at=at(0))
    PublishJob.objects.create(target=one, due_at=at(0))
    queue_publish(other, due_at=at(1))
    first = claim_next(at(2), "w:1")
    second = claim_next(at(2), "w:2")
    assert (first.target_id, second.target_id) == (one.pk, other.pk)
    assert claim_next(at(2), "w:3") is None


def test_a_switched_off_target_is_not_published(event, publish):
    one = target(event, enabled=False)
    queue_publish(one, due_at=at(0))
    assert turn(publish, 1) is None


def test_a_failure_other_than_unreachable_also_waits_and_retries(event, settings):
    def broken(event, spec, touched=None):
        raise ValueError("disk full")

    one = target(event)
    queue_publish(one, due_at=at(0))
    outcome = work_once(publish=broken, unreachable_error=Down, clock=lambda: at(0), name="w:1")
    assert (outcome.ok, outcome.error) == (False, "disk full")
    one.refresh_from_db()
    assert (one.last_error, one.unreachable_since, one.failures) == ("disk full", None, 1)
    assert PublishJob.objects.get().state == "waiting"


def test_jobs_of_a_dead_worker_are_put_back(event, settings):
    settings.PUBLISH_JOB_STALE_SECONDS = 900
    one = target(event)
    dead, alive, stale, fresh = (
        PublishJob.objects.create(target=one, state="running", started_at=at(0), claimed_by=name)
        for name in ("HOST:11", "HOST:12", "elsewhere:13", "elsewhere:14")
    )
    PublishJob.objects.filter(pk=stale.pk).update(started_at=at(-900.001))
    PublishJob.objects.filter(pk=fresh.pk).update(started_at=at(-900))
    names = {dead.pk: f"{socket.gethostname()}:11", alive.pk: f"{socket.gethostname()}:12"}
    for pk, name in names.items():
        PublishJob.objects.filter(pk=pk).update(claimed_by=name)
    assert release_abandoned(at(0), alive=lambda pid: pid == 12) == 2
    states = dict(PublishJob.objects.values_list("pk", "state"))
    assert states == {
        dead.pk: "waiting",
        alive.pk: "running",
        stale.pk: "waiting",
        fresh.pk: "running",
    }


def test_the_worker_queues_a_catch_up_for_changes_it_never_heard_of(event, publish):
    one = target(event)
    audit_record(by=None, action="tournament.update", obj=event, tournament_id=event.pk)
    assert turn(publish, 0).ok
    job = PublishJob.objects.get()
    assert (job.reason, job.target_id) == ("catch-up", one.pk)
    one.refresh_from_db()
    assert one.published_through == AuditEntry.objects.latest("id").pk
    assert turn(publish, 1) is None


def test_a_target_removed_while_its_publish_fails_is_let_go(event):
    one = target(event)
    queue_publish(one, due_at=at(0))

    def removed_then_down(event, spec, touched=None):
        PublishTarget.objects.filter(pk=one.pk).delete()
        raise Down("gone")

    outcome = work_once(
        publish=removed_then_down, unreachable_error=Down, clock=lambda: at(0), name="w:1"
    )
    assert (outcome.ok, outcome.error) == (False, "gone")
    assert not PublishJob.objects.exists()
