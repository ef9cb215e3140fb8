"""The event's Publishing page: for its directors only; a target added, switched, removed and
published to now through the audited services; its state in one line, in the event's time."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from core.models import AuditEntry
from publishing.models import PublishJob, PublishTarget
from publishing.selectors import target_statuses
from publishing.status_text import status_line
from publishing.target_services import (
    TARGETS_PER_EVENT,
    TargetRefused,
    publish_now,
    target_add,
    target_set_enabled,
)
from tests import factories
from tests.publishing.helpers import target

pytestmark = pytest.mark.django_db
NOW = datetime.datetime(2026, 11, 28, 14, 30, tzinfo=datetime.UTC)


def page(event):
    return reverse("publishing:page", kwargs={"tournament_slug": event.slug})


def test_only_the_events_directors_open_the_page(client, event, director, stranger):
    assistant = factories.user()
    assisted = factories.tournament(director=director, assistant=assistant)
    assert client.get(page(event)).status_code == 302
    client.force_login(stranger)
    assert client.get(page(event)).status_code == 403
    client.force_login(assistant)
    assert client.get(page(assisted)).status_code == 403
    client.force_login(director)
    response = client.get(page(event))
    assert response.status_code == 200
    assert "Not published anywhere yet" in response.text


def test_the_event_page_links_to_publishing_for_its_directors(client, event, director):
    client.force_login(director)
    detail = client.get(reverse("tournaments:detail", args=[event.slug]))
    assert f'href="{page(event)}"' in detail.text


def test_adding_a_target_queues_its_first_publish(client, event, director):
    client.force_login(director)
    url = reverse("publishing:target_add", kwargs={"tournament_slug": event.slug})
    response = client.post(url, {"spec": "  /srv/www/open  "})
    assert response.status_code == 302
    added = PublishTarget.objects.get()
    assert (added.spec, added.enabled) == ("/srv/www/open", True)
    assert list(added.jobs.values_list("reason", "state")) == [("director", "waiting")]
    assert AuditEntry.objects.filter(action="publish_target.add", tournament=event).count() == 1


@pytest.mark.parametrize(
    "spec", ["relative/folder", "host:/no-user", "s3://B", "http://example.org/x", "/a\x07b"]
)
def test_a_spec_that_names_no_target_is_refused_on_its_field(client, event, director, spec):
    client.force_login(director)
    url = reverse("publishing:target_add", kwargs={"tournament_slug": event.slug})
    response = client.post(url, {"spec": spec})
    assert response.status_code == 400
    assert "is not a target" in response.text
    assert not PublishTarget.objects.exists()


@pytest.mark.parametrize(
    "spec", ["/srv/www/x", "me@host:/srv/www", "ssh://me@host:2222/srv", "s3://bucket/event"]
)
def test_each_kind_of_target_is_taken(event, director, spec):
    assert target_add(by=director, tournament=event, spec=spec).spec == spec


def test_an_event_has_at_most_five_targets_and_each_once(event, director):
    for n in range(TARGETS_PER_EVENT):
        target_add(by=director, tournament=event, spec=f"/srv/www/{n}")
    with pytest.raises(TargetRefused, match="at most 5"):
        target_add(by=director, tournament=event, spec="/srv/www/extra")
    other = factories.tournament(director=director)
    target_add(by=director, tournament=other, spec="/srv/www/0")
    with pytest.raises(TargetRefused, match="already published"):
        target_add(by=director, tournament=other, spec="/srv/www/0")


def test_publish_now_skips_the_backoff_and_is_refused_when_switched_off(event, director):
    resting = target(event, failures=4, retry_at=NOW + datetime.timedelta(minutes=5))
    job = publish_now(by=director, target=resting)
    resting.refresh_from_db()
    assert (resting.retry_at, job.reason, job.requested_by) == (None, "director", director)
    target_set_enabled(by=director, target=resting, enabled=False)
    with pytest.raises(TargetRefused, match="switched off"):
        publish_now(by=director, target=resting)


def test_the_buttons_post_to_the_services(client, event, director):
    one = target(event)
    client.force_login(director)
    at = {"tournament_slug": event.slug, "target_id": one.pk}
    client.post(reverse("publishing:target_switch", kwargs=at), {"enabled": "0"})
    assert PublishTarget.objects.get().enabled is False
    assert client.get(reverse("publishing:publish_now", kwargs=at)).status_code == 405
    client.post(reverse("publishing:target_switch", kwargs=at), {"enabled": "1"})
    client.post(reverse("publishing:publish_now", kwargs=at))
    # Switched on, the target is published to at once; "Publish now" joins that job.
    assert list(PublishJob.objects.values_list("reason", "changes")) == [("director", 2)]
    client.post(reverse("publishing:target_remove", kwargs=at))
    assert not PublishTarget.objects.exists()


def test_another_events_target_is_not_found(client, event, director):
    other = target(factories.tournament())
    client.force_login(director)
    at = {"tournament_slug": event.slug, "target_id": other.pk}
    assert client.post(reverse("publishing:target_remove", kwargs=at)).status_code == 404


def test_the_status_line_says_when_how_many_and_since_when(event):
    audit = [
        AuditEntry.objects.create(
            action="result.record", object_type="x", object_id="1", tournament=event
        )
        for _ in range(38)
    ]
    target(
        event,
        last_published_at=NOW.replace(hour=11, minute=2),
        published_through=audit[0].pk,
        unreachable_since=NOW.replace(hour=9, minute=10),
    )
    [status] = target_statuses(event.pk)
    with timezone.override("Africa/Nairobi"):
        line = status_line(status, NOW)
    assert line == "last published 14:02, 37 changes waiting, target unreachable since 12:10"
    with timezone.override("Asia/Tokyo"), translation.override("ja"):
        assert (
            status_line(status, NOW)
            == "最終公開 20:02、37 件の変更が待機中、18:10 から公開先に接続できません"
        )


def test_the_status_line_of_a_target_up_to_date_or_never_published(event):
    target(event, last_published_at=NOW, enabled=False)
    target(event, "/srv/www/new")
    up_to_date, new = target_statuses(event.pk)
    with timezone.override("UTC"):
        assert status_line(up_to_date, NOW) == "last published 14:30, up to date, switched off"
        assert status_line(new, NOW) == "not published yet"


def test_a_moment_of_another_day_shows_its_day(event):
    target(event, last_published_at=NOW - datetime.timedelta(days=1))
    [status] = target_statuses(event.pk)
    with timezone.override("UTC"):
        assert status_line(status, NOW).startswith("last published ")
        assert "27" in status_line(status, NOW)


def test_the_page_reads_its_targets_in_a_bounded_number_of_queries(
    client, event, director, django_assert_max_num_queries
):
    client.force_login(director)
    target(event)
    with django_assert_max_num_queries(12) as one:
        client.get(page(event))
    for n in range(4):
        target(event, f"/srv/www/{n}")
    with django_assert_max_num_queries(len(one)):
        client.get(page(event))


def test_the_page_refreshes_its_targets_by_itself(client, event, director):
    target(event)
    client.force_login(director)
    partial = client.get(page(event), headers={"HX-Request": "true"})
    assert partial.text.startswith('<section class="card publish-targets" id="publish-targets"')
    assert "<html" not in partial.text


def test_the_page_shows_times_in_the_events_time_zone(client, director):
    event = factories.tournament(director=director, time_zone="Africa/Nairobi")
    published = timezone.now().replace(second=0, microsecond=0)
    target(event, last_published_at=published)
    client.force_login(director)
    with timezone.override("Africa/Nairobi"):
        shown = timezone.localtime(published).strftime("%H:%M")
    assert f"last published {shown}" in client.get(page(event)).text
