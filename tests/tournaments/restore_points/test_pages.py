"""The restore points of an event on its pages: listed for its directors with who and when,
downloaded, taken by hand and restored in place or as a copy; refused to everyone else, and
for points of other events."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.command_runs import database_state
from tests.tournaments.archive.world import small_event
from tournaments.models import RestorePoint, Tournament
from tournaments.services.restore_points import restore_point_take

pytestmark = pytest.mark.django_db


def url(name: str, event, point=None) -> str:
    kwargs = {"tournament_slug": event.slug}
    if point is not None:
        kwargs["point_id"] = point if isinstance(point, int) else point.pk
    return reverse(f"tournaments:{name}", kwargs=kwargs)


def test_the_event_page_lists_the_newest_points_with_who_and_when_to_its_director(client, director):
    event = small_event(director, slug="lakeside")
    restore_point_take(by=director, tournament=event)
    client.force_login(director)
    page = client.get(url("detail", event)).text
    assert "Restore points" in page
    assert f"Taken by hand – {director.username}</li>" in page
    assert url("restore_points", event) in page


def test_the_event_page_shows_no_points_to_assistants_or_the_public(client, director):
    event = small_event(director)
    restore_point_take(by=director, tournament=event)
    assistant = factories.user()
    event.roles.create(user=assistant, role="assistant")
    for user in (assistant, None):
        client.logout()
        if user:
            client.force_login(user)
        page = client.get(url("detail", event)).text
        assert "Restore points" not in page and url("restore_points", event) not in page


def test_the_list_shows_each_point_with_what_who_when_and_its_links(client, director):
    event = small_event(director)
    paired = RestorePoint.objects.create(
        tournament=event, tournament_slug=event.slug, reason="pairing", division_name="A",
        round_number=2, taken_at=event.created_at, file_name="x/1.json.gz", size=3000, sha256="0",
    )  # fmt: skip
    manual = restore_point_take(by=director, tournament=event)
    client.force_login(director)
    page = client.get(url("restore_points", event)).text
    assert "Round paired: division A, round 2" in page and "Taken by hand" in page
    assert f'data-label="By">{director.username}</td>' in page
    for point in (paired, manual):
        assert url("restore_point_download", event, point) in page
        assert url("restore_point_restore", event, point) in page


@pytest.mark.parametrize("points", [1, 30])
def test_the_list_reads_the_same_few_queries_for_one_point_or_many(
    client, director, django_assert_max_num_queries, points
):
    event = small_event(director)
    for number in range(points):
        RestorePoint.objects.create(
            tournament=event, tournament_slug=event.slug, reason="manual", taken_by=director,
            taken_at=event.created_at, file_name=f"x/{number}.json.gz", size=1, sha256="0",
        )  # fmt: skip
    client.force_login(director)
    with django_assert_max_num_queries(7):
        assert client.get(url("restore_points", event)).status_code == 200


def test_the_download_is_the_points_archive_as_json(client, director):
    event = small_event(director, slug="lakeside")
    point = restore_point_take(by=director, tournament=event)
    client.force_login(director)
    response = client.get(url("restore_point_download", event, point))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith(
        f'attachment; filename="lakeside-restore-point-{point.pk}-'
    )
    assert "no-store" in response["Cache-Control"]
    assert json.loads(response.content)["tournament"]["slug"] == "lakeside"


def test_taking_a_point_by_hand_is_a_post(client, director):
    event = small_event(director)
    client.force_login(director)
    assert client.get(url("restore_point_take", event)).status_code == 405
    response = client.post(url("restore_point_take", event))
    assert response.status_code == 302
    point = RestorePoint.objects.get(tournament=event)
    assert (point.reason, point.taken_by) == ("manual", director)
    assert f"Restore point #{point.pk} taken." in client.get(response["Location"]).text


def test_a_restore_in_place_needs_the_box_ticked(client, director):
    event = small_event(director)
    point = restore_point_take(by=director, tournament=event)
    client.force_login(director)
    before = database_state()
    page = client.post(url("restore_point_restore", event, point), {"mode": "in_place"})
    assert page.status_code == 200 and "Tick the box to confirm the restore." in page.text
    assert database_state() == before


def test_a_restore_in_place_from_the_page_says_how_to_undo_it(client, director):
    event = small_event(director)
    point = restore_point_take(by=director, tournament=event)
    event.divisions.get().round_set.get().pairings.update(first_score=None)
    client.force_login(director)
    response = client.post(
        url("restore_point_restore", event, point), {"mode": "in_place", "confirm": "on"}
    )
    assert response.status_code == 302 and response["Location"] == url("restore_points", event)
    before = RestorePoint.objects.get(tournament=event, reason="before_restore")
    assert f"To undo this, restore point #{before.pk}" in client.get(response["Location"]).text
    restored = Tournament.objects.get(pk=event.pk).divisions.get().round_set.get()
    assert restored.pairings.get(table=1).first_score == 420


def test_a_restore_as_a_copy_from_the_page_makes_a_new_event_its_restorer_directs(client, director):
    event = small_event(director, slug="lakeside")
    point = restore_point_take(by=director, tournament=event)
    client.force_login(director)
    form = client.get(url("restore_point_restore", event, point)).text
    assert 'value="lakeside-copy"' in form
    response = client.post(
        url("restore_point_restore", event, point), {"mode": "copy", "slug": "lakeside-b"}
    )
    copy = Tournament.objects.get(slug="lakeside-b")
    assert response.status_code == 302 and response["Location"] == copy.get_absolute_url()
    assert copy.roles.get(user=director).role == "director"
    assert copy.name == event.name


def test_a_copy_under_a_slug_already_taken_is_refused_with_nothing_written(client, director):
    event = small_event(director, slug="lakeside")
    point = restore_point_take(by=director, tournament=event)
    client.force_login(director)
    before = database_state()
    page = client.post(
        url("restore_point_restore", event, point), {"mode": "copy", "slug": "lakeside"}
    )
    assert "Nothing was restored:" in page.text
    assert "an event with the slug “lakeside” already exists" in page.text
    assert database_state() == before


def test_strangers_assistants_and_other_directors_are_refused_everywhere(client, director):
    event = small_event(director, is_public=False)
    point = restore_point_take(by=director, tournament=event)
    assistant, other = factories.user(), factories.user()
    event.roles.create(user=assistant, role="assistant")
    small_event(other)
    pages = [url("restore_points", event), url("restore_point_download", event, point),
             url("restore_point_restore", event, point)]  # fmt: skip
    for page in pages:
        assert client.get(page)["Location"].startswith("/login/")
    before = database_state()
    for user in (factories.user(), assistant, other):
        client.force_login(user)
        for page in pages:
            assert client.get(page).status_code == 403
        assert client.post(url("restore_point_take", event)).status_code == 403
        restore = url("restore_point_restore", event, point)
        assert client.post(restore, {"mode": "in_place", "confirm": "on"}).status_code == 403
    assert database_state() == before


def test_staff_may_restore_any_event(client, director, staff):
    event = small_event(director, is_public=False)
    point = restore_point_take(by=director, tournament=event)
    client.force_login(staff)
    assert client.get(url("restore_points", event)).status_code == 200
    assert client.get(url("restore_point_download", event, point)).status_code == 200


def test_a_point_of_another_event_or_an_unknown_id_is_not_found(client, director):
    event = small_event(director)
    other = small_event(director)
    foreign = restore_point_take(by=director, tournament=other)
    client.force_login(director)
    before = database_state()
    for point in (foreign.pk, 999_999):
        assert client.get(url("restore_point_download", event, point)).status_code == 404
        assert client.get(url("restore_point_restore", event, point)).status_code == 404
        restore = url("restore_point_restore", event, point)
        assert client.post(restore, {"mode": "in_place", "confirm": "on"}).status_code == 404
    assert database_state() == before


def test_the_restore_needs_the_csrf_token(director):
    event = small_event(director)
    point = restore_point_take(by=director, tournament=event)
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    restore = url("restore_point_restore", event, point)
    assert client.post(restore, {"mode": "in_place", "confirm": "on"}).status_code == 403
    assert client.post(url("restore_point_take", event)).status_code == 403
