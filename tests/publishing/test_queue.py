"""A change of an event queues its publish; a burst of changes is one publish; a board held
back by the broadcast delay gets a publish of its own when it is let out."""

import datetime

import pytest
from django.db import transaction

from core.audit import audit_created, audit_record
from core.models import AuditEntry
from games.broadcast.models import EventBroadcast
from publishing.models import PublishJob
from publishing.queue import _after_commit, backoff_seconds, catch_up, event_changed, queue_publish
from tests import factories
from tests.publishing.helpers import at, target

pytestmark = pytest.mark.django_db


def change(event, by=None):
    audit_record(by=by, action="tournament.update", obj=event, tournament_id=event.pk)


def test_a_committed_change_queues_one_job_per_enabled_target(
    event, django_capture_on_commit_callbacks
):
    shown = target(event, "/srv/www/a")
    target(event, "/srv/www/off", enabled=False)
    with django_capture_on_commit_callbacks(execute=True):
        change(event)
    assert list(PublishJob.objects.values_list("target_id", "state", "changes")) == [
        (shown.pk, "waiting", 1)
    ]


def test_many_entries_in_one_transaction_ask_once(event, django_capture_on_commit_callbacks):
    target(event)
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        for _ in range(5):
            change(event)
    ours = [c for c in callbacks if getattr(c, "func", None) is _after_commit]
    assert len(ours) == 1
    assert PublishJob.objects.get().changes == 1


def test_a_rolled_back_change_queues_nothing(event, django_capture_on_commit_callbacks):
    target(event)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        change(event)
        raise RuntimeError
    assert [c for c in callbacks if getattr(c, "func", None) is _after_commit] == []
    assert not PublishJob.objects.exists()


def test_a_burst_of_changes_is_one_publish(event, settings):
    settings.PUBLISH_COALESCE_SECONDS = 0.5
    one = target(event)
    for second in (0, 0.1, 0.4):
        event_changed(event.pk, now=at(second))
    job = PublishJob.objects.get()
    assert (job.target_id, job.changes, job.due_at) == (one.pk, 3, at(0.5))


def test_a_change_while_a_publish_runs_waits_for_the_next_one(event):
    one = target(event)
    event_changed(event.pk, now=at(0))
    PublishJob.objects.update(state=PublishJob.RUNNING)
    event_changed(event.pk, now=at(1))
    assert list(PublishJob.objects.order_by("id").values_list("state", flat=True)) == [
        "running",
        "waiting",
    ]
    assert one.jobs.count() == 2


def test_a_change_folds_only_into_a_job_due_no_later_than_it_wants(event):
    one = target(event)
    later = queue_publish(one, due_at=at(60))
    sooner = queue_publish(one, due_at=at(10))
    assert sooner.pk != later.pk
    assert queue_publish(one, due_at=at(10)).pk == sooner.pk
    assert queue_publish(one, due_at=at(9.9)).pk not in (sooner.pk, later.pk)


def test_a_broadcast_delay_adds_a_publish_when_the_boards_are_let_out(event, settings):
    settings.PUBLISH_COALESCE_SECONDS = 1
    target(event)
    EventBroadcast.objects.create(tournament=event, delay_minutes=15)
    event_changed(event.pk, now=at(0))
    event_changed(event.pk, now=at(0.5))
    event_changed(event.pk, now=at(5))
    late = datetime.timedelta(minutes=15)
    jobs = list(PublishJob.objects.order_by("due_at").values_list("reason", "due_at", "changes"))
    # The publish not yet run takes all three; the boards of the first two are let out
    # together, the third's seconds later in a publish of its own.
    assert jobs == [
        ("change", at(1), 3),
        ("delayed", at(1) + late, 2),
        ("delayed", at(6) + late, 1),
    ]


def test_changes_written_in_bulk_are_found_by_the_sweep(event, director):
    one = target(event)
    division = factories.division(event)
    audit_created(
        by=director,
        action="entry.add",
        objs=factories.entries(division, 3),
        fields=["number"],
        tournament_id=event.pk,
    )
    jobs = catch_up(at(0))
    assert [(j.target_id, j.reason, j.due_at) for j in jobs] == [(one.pk, "catch-up", at(0))]
    # A job waiting: the sweep adds none.
    assert catch_up(at(1)) == []


def test_the_sweep_leaves_a_target_that_holds_the_latest_change(event):
    change(event)
    latest = AuditEntry.objects.latest("id").pk
    target(event, published_through=latest)
    target(event, "/srv/www/off", enabled=False)
    assert catch_up(at(0)) == []
    target(event, "/srv/www/behind", published_through=latest - 1)
    assert [j.target.spec for j in catch_up(at(0))] == ["/srv/www/behind"]


@pytest.mark.parametrize(
    ("failures", "seconds"),
    [(0, 0), (1, 2), (2, 4), (8, 256), (9, 300), (10, 300), (10_000, 300)],
)
def test_the_backoff_doubles_up_to_its_bound(settings, failures, seconds):
    settings.PUBLISH_RETRY_FIRST_SECONDS = 2
    settings.PUBLISH_RETRY_MAX_SECONDS = 300
    assert backoff_seconds(failures) == seconds


@pytest.mark.django_db(transaction=True)
def test_each_transaction_asks_again(director):
    event = factories.tournament(director=director)
    target(event)
    for _ in range(2):
        with transaction.atomic():
            change(event)
            change(event)
    assert PublishJob.objects.get().changes == 2


def test_a_change_after_a_rolled_back_savepoint_still_asks(
    event, django_capture_on_commit_callbacks
):
    target(event)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            change(event)
            raise RuntimeError
        change(event)
    assert PublishJob.objects.get().changes == 1
