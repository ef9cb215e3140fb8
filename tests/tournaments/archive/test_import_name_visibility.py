"""An imported archive gets the name and visibility its importer gives (page and command):
private unless they choose public, under a slug made from a new name, so a copy never shows up
on the home page as a second identical event."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import CommandError
from django.urls import reverse

from core.models import AuditEntry
from tests.command_runs import database_state, run
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.models import Tournament

from .world import small_event

pytestmark = pytest.mark.django_db
IMPORT = reverse("tournaments:archive_import")


@pytest.fixture
def archive(director) -> bytes:
    event = small_event(director, name="Lakeside Open", slug="lakeside-open")
    event.is_public = True
    event.save(update_fields=["is_public"])
    return json.dumps(event_archive(event)).encode()


def upload(data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("event.json", data, content_type="application/json")


def test_the_import_page_asks_for_the_name_and_visibility_private_first(client, director, archive):
    client.force_login(director)
    page = client.get(IMPORT).text
    assert 'name="name"' in page
    assert 'type="radio" name="visibility" value="private"' in page
    assert 'value="private" id="id_visibility_0" checked' in page  # private unless chosen


def test_a_copy_under_a_new_name_is_private_with_a_slug_of_its_own(client, director, archive):
    client.force_login(director)
    client.post(IMPORT, {"file": upload(archive), "name": "Lakeside Open (replay)"})
    copy = Tournament.objects.get(slug="lakeside-open-replay")
    assert (copy.name, copy.is_public) == ("Lakeside Open (replay)", False)
    assert AuditEntry.objects.get(action="tournament.import").after["is_public"] is False
    home = client.get("/")
    client.logout()
    assert "Lakeside Open (replay)" not in client.get("/").text
    assert home.status_code == 200


def test_choosing_public_publishes_the_copy_at_once(client, director, archive):
    client.force_login(director)
    data = {"file": upload(archive), "name": "Lakeside II", "visibility": "public"}
    client.post(IMPORT, data)
    copy = Tournament.objects.get(slug="lakeside-ii")
    assert (copy.name, copy.is_public) == ("Lakeside II", True)


def test_a_name_over_160_characters_is_refused_and_nothing_is_imported(client, director, archive):
    client.force_login(director)
    before = database_state()
    page = client.post(IMPORT, {"file": upload(archive), "name": "x" * 161, "slug": "long"})
    assert "Ensure this value has at most 160 characters (it has 161)." in page.text
    assert database_state() == before
    client.post(IMPORT, {"file": upload(archive), "name": "x" * 160, "slug": "long"})
    assert Tournament.objects.get(slug="long").name == "x" * 160


def test_the_service_keeps_the_archive_name_and_visibility_when_none_are_given(director, archive):
    copy = event_import(by=director, data=archive, slug="plain-copy").tournament
    assert (copy.name, copy.is_public) == ("Lakeside Open", True)


def test_the_command_takes_a_name_and_public_or_private(archive, tmp_path):
    path = tmp_path / "event.json"
    path.write_bytes(archive)
    report = run("import_event", str(path), "--name", "Lakeside Night")
    assert report.startswith("Imported “Lakeside Night” as lakeside-night.\nIt is private.\n")
    assert Tournament.objects.get(slug="lakeside-night").is_public is False
    run("import_event", str(path), "--name", "Lakeside Day", "--public")
    assert Tournament.objects.get(slug="lakeside-day").is_public is True
    run("import_event", str(path), "--slug", "kept-name", "--private")
    kept = Tournament.objects.get(slug="kept-name")
    assert (kept.name, kept.is_public) == ("Lakeside Open", False)


def test_the_command_refuses_public_and_private_together(archive, tmp_path):
    path = tmp_path / "event.json"
    path.write_bytes(archive)
    with pytest.raises(CommandError, match="not allowed with argument"):
        run("import_event", str(path), "--public", "--private")
