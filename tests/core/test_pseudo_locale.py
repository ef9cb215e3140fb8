"""Every word a page shows came through translation, or is data.

Each page the permission crawl knows (``tests/test_permissions.py``) is fetched for the demo's
running event, anonymously and as its director, under the pseudo-locale
(``tests/core/pseudo_locale.py``); a visible text node with words outside the ⟦…⟧ markers that is
not data from the database is a string nobody marked for translation.
"""

import pytest
from django.apps import apps
from django.db import models
from django.urls import NoReverseMatch, reverse

from clubs.models import Club
from config.demo import DEMO_CLUB
from tests import factories
from tests.core.pseudo_locale import pseudo_translation, untranslated_text
from tests.demo_copy import load_demo_copy
from tests.test_permissions import named_patterns, url_kwargs
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXTRA_PAGES = ["home", "login"]


def test_the_pseudo_locale_finds_an_unmarked_string_and_passes_marked_ones():
    with pseudo_translation():
        from django.utils.translation import gettext

        page = f"<html><body><h1>{gettext('Players')}</h1><p>Unmarked words</p><p>42 – 7</p></body></html>"
    assert untranslated_text(page, known=[]) == ["Unmarked words"]


def test_data_and_elements_marked_as_data_are_left_out():
    page = (
        '<body><p>Ada Lovelace</p><p translate="no">Anything</p><span lang="th">ไทย</span></body>'
    )
    assert untranslated_text(page, known=["Ada Lovelace"]) == []


def known_values() -> list[str]:
    """Every text value stored in the database: names, titles, slugs, usernames, words."""
    values: set[str] = set()
    for model in apps.get_models():
        fields = [
            f.name
            for f in model._meta.concrete_fields
            if isinstance(f, models.CharField | models.TextField) and not f.choices
        ]
        if fields:
            for row in model.objects.values_list(*fields):
                values.update(v for v in row if isinstance(v, str) and v.strip())
    return sorted(values, key=len, reverse=True)


def demo_world():
    loaded = load_demo_copy()
    event = Tournament.objects.get(slug="riverside-open-2026")
    division = event.divisions.get()
    return loaded["director"], {
        "club": Club.objects.get(name=DEMO_CLUB),
        "tournament": event,
        "division": division,
        "entries": list(division.entries.order_by("number")),
        "game": factories.game(created_by=loaded["director"]),
    }


def page_urls(world) -> list[str]:
    urls = [reverse(name) for name in EXTRA_PAGES]
    for name, params in named_patterns():
        try:
            urls.append(reverse(name, kwargs=url_kwargs(name, params, world)))
        except NoReverseMatch:
            continue
    return urls


def unmarked_on_pages(client) -> dict[str, list[str]]:
    director, world = demo_world()
    known = known_values()
    found: dict[str, list[str]] = {}
    for account in (None, director):
        if account is not None:
            client.force_login(account)
        for url in page_urls(world):
            with pseudo_translation():
                response = client.get(url)
            if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
                continue
            body = response.content.decode()
            texts = untranslated_text(body, known)
            if texts:
                found[f"{'director' if account else 'anonymous'} {url}"] = texts
    return found


def test_every_page_shows_only_translated_strings_and_data(client):
    found = unmarked_on_pages(client)
    report = "\n".join(f"{page}: {texts}" for page, texts in sorted(found.items()))
    assert found == {}, report
