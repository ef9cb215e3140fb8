"""Add many in a hurry (issue 33): a pasted row with the name and country of a player here but
another member id is a different person, so "Create a new player" is chosen and the row says why;
the director may still choose the existing player. Screenshots at 390 and 1280 px, axe checked."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from players.models import Player
from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tests.e2e.test_director_flow import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_another_member_id_is_entered_as_a_new_player(live_server, page, width):
    director = factories.user("desk")
    division = factories.division(factories.tournament(director=director), name="A", rounds=3)
    anna = factories.player("Anna Okafor", country="NG", member_id="N-1")
    page.set_viewport_size({"width": width, "height": 844})
    log_in(page, live_server.url, "desk")
    url = reverse("tournaments:registration_add_many", args=[division.tournament.slug, "A"])
    page.goto(live_server.url + url)
    page.locator("textarea").fill("Anna Okafor, NG, N-2\nBo Li")
    page.get_by_role("button", name="Review").click()
    page.wait_for_load_state()

    row = page.locator("table.duplicates tbody tr")
    expect(row.get_by_label("Create a new player")).to_be_checked()
    expect(row.locator(f"input[value='{anna.pk}']")).not_to_be_checked()
    expect(row).to_contain_text("Another member id: a different person unless you choose")
    serious = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert serious == [], serious
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / f"add-many-member-id-{width}.png")

    page.get_by_role("button", name="Enter 2 rows").click()
    page.wait_for_load_state()
    expect(page.get_by_text("2 players entered.")).to_be_visible()
    assert Player.objects.filter(name="Anna Okafor").count() == 2
    assert division.entries.get(number=1).player.member_id == "N-2"
