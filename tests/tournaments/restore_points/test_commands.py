"""manage.py restore_points: list, take, download and restore (in place or as a copy)."""

import json
import math

import pytest
from django.core.management.base import CommandError

from tests.command_runs import database_state, run
from tests.tournaments.archive.world import small_event
from tournaments.models import Pairing, RestorePoint, Tournament
from tournaments.services.restore_points import restore_point_take

pytestmark = pytest.mark.django_db


def test_list_shows_each_point_newest_first_with_what_when_and_who(director):
    event = small_event(director)
    first = restore_point_take(by=director, tournament=event)
    second = restore_point_take(by=None, tournament=event)
    lines = run("restore_points", "list", event.slug).splitlines()
    assert [line.split("  ")[0] for line in lines] == [f"#{second.pk}", f"#{first.pk}"]
    moment = first.taken_at.isoformat(timespec="seconds")
    assert lines[1] == f"#{first.pk}  {moment}  Taken by hand  {director.username}  1 KB"
    assert lines[0].endswith("  Taken by hand  -  1 KB")


def test_list_of_an_event_without_points_says_so(director):
    assert run("restore_points", "list", small_event(director).slug) == "No restore point yet.\n"


def test_take_records_a_point_by_the_site(director):
    event = small_event(director)
    out = run("restore_points", "take", event.slug)
    point = RestorePoint.objects.get(tournament=event)
    assert out == f"Restore point #{point.pk} taken.\n"
    assert (point.reason, point.taken_by) == ("manual", None)


def test_download_writes_the_points_archive(director, tmp_path):
    event = small_event(director)
    point = restore_point_take(by=director, tournament=event)
    target = tmp_path / "point.json"
    out = run("restore_points", "download", event.slug, str(point.pk), "--output", str(target))
    assert out == f"Wrote {target} ({math.ceil(target.stat().st_size / 1024)} KB).\n"
    assert json.loads(target.read_text(encoding="utf-8"))["tournament"]["slug"] == event.slug


def test_restore_in_place_puts_the_event_back_and_names_its_undo(director):
    event = small_event(director)
    point = restore_point_take(by=director, tournament=event)
    Pairing.objects.filter(round__division__tournament=event).update(first_score=1)
    out = run("restore_points", "restore", event.slug, str(point.pk), "--in-place")
    before = RestorePoint.objects.get(tournament=event, reason="before_restore")
    assert out == (
        f"Restored “{event.slug}” as it was at restore point #{point.pk}; "
        f"restore point #{before.pk} undoes it.\n"
    )
    scores = Pairing.objects.filter(round__division__tournament=event).order_by("table")
    assert [p.first_score for p in scores] == [420, None]
    run("restore_points", "restore", event.slug, str(before.pk), "--in-place")
    assert [p.first_score for p in scores.all()] == [1, 1]


def test_restore_as_a_copy_makes_a_new_event(director):
    event = small_event(director, slug="lakeside")
    point = restore_point_take(by=director, tournament=event)
    out = run("restore_points", "restore", "lakeside", str(point.pk), "--copy", "--slug", "lake-b")
    assert out == f"Restored restore point #{point.pk} as the new event “lake-b”.\n"
    assert Tournament.objects.get(slug="lake-b").name == event.name
    run("restore_points", "restore", "lakeside", str(point.pk), "--copy")
    assert Tournament.objects.filter(slug="lakeside-copy").exists()


def test_a_restore_must_say_in_place_or_copy(director):
    event = small_event(director)
    point = restore_point_take(by=director, tournament=event)
    with pytest.raises(CommandError, match="one of the arguments --in-place --copy is required"):
        run("restore_points", "restore", event.slug, str(point.pk))
    with pytest.raises(CommandError, match="--slug names a copy"):
        run("restore_points", "restore", event.slug, str(point.pk), "--in-place", "--slug", "x")


@pytest.mark.parametrize("point", ["0", "abc", "2147483648", "-3"])
def test_a_malformed_point_id_is_refused_by_the_argument(director, point):
    event = small_event(director)
    with pytest.raises(CommandError, match="Enter a whole number from 1 to 2147483647."):
        run("restore_points", "restore", event.slug, point, "--in-place")


def test_a_point_of_another_event_or_none_is_refused_with_nothing_changed(director):
    event, other = small_event(director), small_event(director)
    foreign = restore_point_take(by=director, tournament=other)
    before = database_state()
    for point in (foreign.pk, 999_999):
        for how in ("--in-place", "--copy"):
            with pytest.raises(CommandError, match=f"This event has no restore point #{point}."):
                run("restore_points", "restore", event.slug, str(point), how)
    assert database_state() == before


def test_an_unknown_event_is_refused():
    with pytest.raises(CommandError, match="No tournament has the slug “nowhere”."):
        run("restore_points", "list", "nowhere")
