"""Public pages a shared cache may keep say that they vary by language: the switcher's cookie and
the browser's Accept-Language choose it, so a proxy must not hand one reader's language to the
next."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.tournaments import reports_world

KW = {"tournament_slug": "spring-open", "division_name": "A"}
DIVISION_PAGES = ("standings", "crosstable", "public_pairings", "public_stats", "feed")


def vary(response) -> set[str]:
    return {part.strip() for part in response.get("Vary", "").split(",")}


def visitor(language: str | None = None) -> Client:
    client = Client()
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("name", DIVISION_PAGES)
def test_a_public_division_page_varies_on_the_language_cookie_and_accept_language(name):
    reports_world.build()
    first = visitor().get(reverse(f"tournaments:{name}", kwargs=KW))
    kept = visitor().get(reverse(f"tournaments:{name}", kwargs=KW))  # the kept copy
    for response in (first, kept):
        assert "public" in response["Cache-Control"]
        assert {"Cookie", "Accept-Language", "HX-Request"} <= vary(response)


@pytest.mark.django_db
def test_a_not_modified_answer_varies_on_the_language_too():
    reports_world.build()
    client = visitor()
    page = reverse("tournaments:standings", kwargs=KW)
    again = client.get(page, headers={"If-None-Match": client.get(page)["ETag"]})
    assert again.status_code == 304
    assert {"Cookie", "Accept-Language"} <= vary(again)


@pytest.mark.django_db
def test_the_event_page_and_a_public_printout_vary_on_the_language():
    division = reports_world.build()
    home = visitor().get(reverse("tournaments:public_home", args=[division.tournament.slug]))
    printout = visitor().get(reverse("tournaments:print", kwargs=KW | {"report_name": "standings"}))
    assert printout.status_code == 200
    assert {"Cookie", "Accept-Language"} <= vary(home)
    assert {"Cookie", "Accept-Language"} <= vary(printout)


@pytest.mark.django_db
def test_readers_with_different_languages_each_get_their_own_copy():
    reports_world.build()
    page = reverse("tournaments:standings", kwargs=KW)
    english = visitor().get(page)
    thai = visitor("th").get(page)
    english_again = visitor().get(page)
    assert english["Content-Language"] == english_again["Content-Language"] == "en"
    assert thai["Content-Language"] == "th"
    assert thai["ETag"] != english["ETag"]
    assert thai.content != english.content
    assert english_again.content == english.content
