"""Personal links on the printouts of the people running the event: scorecards and slips."""

import pytest
import segno
from django.urls import reverse

from printouts import qr, result_slips, scorecards
from tests import factories
from tournaments.selectors.entry_links import linked_entry

pytestmark = pytest.mark.django_db
SITE = "https://desk.test"


@pytest.fixture
def division(event):
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 4))
    return division


@pytest.fixture
def drawn(monkeypatch):
    """The links drawn as QR codes, in order."""
    links: list[str] = []
    real = qr.qr_drawing

    def recording(url, size):
        links.append(url)
        return real(url, size)

    monkeypatch.setattr(qr, "qr_drawing", recording)
    return links


def numbers_linked(links: list[str], division) -> list[int]:
    slug = division.tournament.slug
    prefix = f"{SITE}/t/{slug}/me/"
    assert all(link.startswith(prefix) for link in links)
    return [linked_entry(slug, link[len(prefix) : -1]).number for link in links]


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_each_scorecard_carries_its_players_link(division, drawn, per_page):
    data = scorecards.build_scorecards_pdf(division, per_page=per_page, site=SITE)
    assert data.startswith(b"%PDF")
    assert numbers_linked(drawn, division) == [1, 2, 3, 4]


def test_each_slip_carries_both_players_links(division, drawn):
    result_slips.build_result_slips_pdf(division, 1, site=SITE)
    assert numbers_linked(drawn, division) == [1, 2, 3, 4]


def test_without_a_site_address_no_code_is_drawn(division, drawn):
    scorecards.build_scorecards_pdf(division)
    result_slips.build_result_slips_pdf(division, 1)
    assert drawn == []


def test_the_printed_scorecards_take_the_sites_address(client, director, division, drawn):
    client.force_login(director)
    url = reverse("tournaments:print", args=[division.tournament.slug, "A", "scorecards"])
    assert client.get(url)["Content-Type"] == "application/pdf"
    assert all(link.startswith("http://testserver/t/") for link in drawn) and len(drawn) == 4


def test_the_public_pairings_printout_has_no_personal_links(client, division, drawn):
    division.tournament.is_public = True
    division.tournament.save(update_fields=["is_public"])
    url = reverse("tournaments:print", args=[division.tournament.slug, "A", "pairings"])
    assert client.get(f"{url}?round=1").status_code == 200
    assert drawn == []


def test_the_drawing_has_the_codes_modules():
    url = f"{SITE}/t/x/me/abc/"
    code = segno.make(url, error="m", micro=False)
    drawn = qr.qr_drawing(url, 100)
    assert drawn.wrap(500, 500) == (100, 100)
    assert drawn.modules == code.symbol_size(border=2)[0]
    assert sum(length for _y, _x, length in drawn.runs) == sum(map(sum, code.matrix))


def test_each_player_card_carries_its_players_link(division, drawn):
    from printouts.badges import build_badges_pdf

    assert build_badges_pdf(division, site=SITE).startswith(b"%PDF")
    assert numbers_linked(drawn, division) == [1, 2, 3, 4]


def test_the_player_cards_are_for_the_people_running_the_event(
    client, stranger, director, division
):
    url = reverse("tournaments:print", args=[division.tournament.slug, "A", "badges"])
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    client.force_login(director)
    assert client.get(url)["Content-Type"] == "application/pdf"
