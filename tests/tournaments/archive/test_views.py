"""Downloading an event archive (its directors) and importing one (organisers)."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests import factories
from tests.command_runs import database_state
from tournaments.archive import shape
from tournaments.archive.export import event_archive
from tournaments.models import Tournament

from .world import small_event

pytestmark = pytest.mark.django_db
IMPORT = reverse("tournaments:archive_import")


def download_url(event) -> str:
    return reverse("tournaments:archive", kwargs={"tournament_slug": event.slug})


def upload(data: bytes, name: str = "event.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/json")


def test_the_director_downloads_their_event_as_an_attachment(client, director):
    event = small_event(director, slug="lakeside-2026")
    client.force_login(director)
    response = client.get(download_url(event))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="lakeside-2026-')
    assert "no-store" in response["Cache-Control"]
    assert json.loads(response.content)["tournament"]["slug"] == "lakeside-2026"


def test_the_tournament_page_shows_the_download_button_to_its_director_only(client, director):
    event = small_event(director)
    assistant = factories.user()
    event.roles.create(user=assistant, role="assistant")
    page = reverse("tournaments:detail", kwargs={"tournament_slug": event.slug})
    client.force_login(director)
    assert download_url(event) in client.get(page).text
    client.force_login(assistant)
    assert download_url(event) not in client.get(page).text


def test_strangers_assistants_and_other_directors_cannot_download(client, director):
    event = small_event(director)
    assistant, other_director = factories.user(), factories.user()
    event.roles.create(user=assistant, role="assistant")
    small_event(other_director)
    anonymous = client.get(download_url(event))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/login/")
    for user in (factories.user(), assistant, other_director):
        client.force_login(user)
        assert client.get(download_url(event)).status_code == 403


def test_the_download_is_not_a_write(client, director):
    client.force_login(director)
    assert client.post(download_url(small_event(director))).status_code == 405


def test_an_organiser_imports_an_archive_and_directs_the_new_event(client, director):
    archive = json.dumps(event_archive(small_event(director))).encode()
    organiser = factories.user()
    small_event(organiser)  # directing some event makes an organiser
    client.force_login(organiser)
    assert client.get(IMPORT).status_code == 200
    response = client.post(IMPORT, {"file": upload(archive), "slug": "the-copy"})
    copy = Tournament.objects.get(slug="the-copy")
    assert response.status_code == 302 and response["Location"] == copy.get_absolute_url()
    assert copy.roles.get(user=organiser).role == "director"
    shown = client.get(response["Location"]).text
    assert "Imported: 4 players found here, 0 added." in shown


def test_a_bad_archive_shows_every_problem_and_imports_nothing(client, director):
    archive = event_archive(small_event(director))
    archive["divisions"][0]["name"] = ""
    archive["divisions"][0]["entries"][0]["status"] = "<b>bold</b>"
    client.force_login(director)
    before = database_state()
    page = client.post(IMPORT, {"file": upload(json.dumps(archive).encode()), "slug": "copy"})
    assert page.status_code == 200
    assert "Nothing was imported. The archive has these problems:" in page.text
    assert "<li>divisions[0].name: This field cannot be blank.</li>" in page.text
    assert "&lt;b&gt;" in page.text and "<b>bold" not in page.text
    assert database_state() == before


def test_a_file_over_the_limit_is_refused_by_the_form(client, director, monkeypatch):
    monkeypatch.setattr(shape, "MAX_BYTES", 10)
    monkeypatch.setattr("tournaments.forms.archive.MAX_BYTES", 10)
    small_event(director)
    client.force_login(director)
    before = database_state()
    page = client.post(IMPORT, {"file": upload(b"{" + b" " * 10 + b"}")})
    assert "The archive is larger than 0 MB." in page.text
    assert database_state() == before


def test_strangers_and_assistants_cannot_import(client, director):
    archive = json.dumps(event_archive(small_event(director))).encode()
    assistant = factories.user()
    factories.tournament(assistant=assistant)
    for user in (factories.user(), assistant):
        client.force_login(user)
        assert client.get(IMPORT).status_code == 403
        assert client.post(IMPORT, {"file": upload(archive), "slug": "x"}).status_code == 403
    assert not Tournament.objects.filter(slug="x").exists()


def test_the_import_needs_the_csrf_token(director):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    archive = json.dumps(event_archive(small_event(director))).encode()
    assert client.post(IMPORT, {"file": upload(archive), "slug": "x"}).status_code == 403
    assert not Tournament.objects.filter(slug="x").exists()
