"""``/p/<code>/`` opens the personal page the QR code opens; ``/p/`` takes a typed code; lookups
are limited per address (issue 33)."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from printouts.qr import short_address
from tests import factories
from tournaments.selectors.entry_links import linked_entry, short_code, short_path
from tournaments.views.short_links import RATE_LIMIT

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_limits():
    cache.clear()
    yield
    cache.clear()


def entry_opened(location: str, entry) -> bool:
    """Whether ``location`` is ``entry``'s personal page (its token carries the second it was
    made, so two links to one page need not be equal)."""
    slug = entry.division.tournament.slug
    prefix = f"/t/{slug}/me/"
    return location.startswith(prefix) and linked_entry(slug, location[len(prefix) : -1]) == entry


@pytest.fixture
def entry(event):
    return factories.entries(factories.division(event, name="A"), 2)[1]


def test_a_code_opens_the_same_personal_page_as_the_qr_code(client, entry):
    response = client.get(short_path(entry.pk))
    assert response.status_code == 302
    assert entry_opened(response["Location"], entry)
    assert client.get(response["Location"]).status_code == 200


def test_a_typed_code_in_the_box_is_looked_up(client, entry):
    typed = short_code(entry.pk).lower().replace("-", " ")
    response = client.get(reverse("short_link_form"), {"code": typed}, follow=True)
    assert entry_opened(response.redirect_chain[-1][0], entry)
    assert client.get(reverse("short_link_form")).status_code == 200


def test_a_wrong_code_is_refused_without_naming_anyone(client, entry):
    code = short_code(entry.pk)
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    response = client.get(reverse("short_link", kwargs={"code": wrong}))
    assert response.status_code == 404
    assert "This link is not valid." in response.text
    assert entry.player.name not in response.text


def test_lookups_past_the_limit_are_refused_even_for_a_right_code(client, entry):
    wrong = reverse("short_link", kwargs={"code": "ZZZZ-ZZZZ-ZZZZ"})
    for _ in range(RATE_LIMIT):
        assert client.get(wrong).status_code == 404
    assert client.get(short_path(entry.pk)).status_code == 429


def test_the_printed_address_is_the_site_without_its_scheme():
    assert short_address("https://desk.example.org/", 1234) == (
        f"desk.example.org/p/{short_code(1234)}/"
    )


def test_a_reissued_link_voids_the_old_short_code_and_the_new_one_opens_the_new_link(
    client, entry, director
):
    from tournaments.services.entry_links import entry_link_reissue

    old_code = short_path(entry.pk)
    entry = entry_link_reissue(by=director, entry=entry)
    assert entry.link_generation == 1
    void = client.get(old_code)
    assert void.status_code == 410
    new = client.get(short_path(entry.pk, entry.link_generation))
    assert new.status_code == 302
    assert entry_opened(new["Location"], entry)
    assert short_path(entry.pk, 1) != old_code


def test_a_code_of_an_entry_never_reissued_is_not_taken_for_a_later_generation(client, entry):
    # The code of generation 1 before any reissue is not the entry's code: refused as unknown.
    assert client.get(short_path(entry.pk, 1)).status_code == 404
