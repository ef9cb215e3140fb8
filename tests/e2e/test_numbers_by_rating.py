"""Numbers as a TSH director expects (issue 33): a long registration table has Tick all and
Untick all, registration numbers the players by rating before round 1, and the pairing page says
how round 1 is seeded. Screenshots at 390 and 1280 px, axe checked."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tests.e2e.test_director_flow import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_tick_all_number_by_rating_and_the_seeding_sentence(live_server, page, width):
    director = factories.user("desk")
    event = factories.tournament(director=director, slug="numbers-open")
    division = factories.division(event, name="A", rounds=3)
    for n, entry in enumerate(factories.entries(division, 30)):
        entry.rating = 1000 + 37 * ((n * 7) % 30)
        entry.save(update_fields=["rating"])
    page.set_viewport_size({"width": width, "height": 844})
    log_in(page, live_server.url, "desk")
    page.goto(live_server.url + reverse("tournaments:registration", args=["numbers-open", "A"]))
    rows = page.locator("tbody input[name=entries]")
    expect(rows).to_have_count(30)
    page.get_by_role("button", name="Tick all", exact=True).click()
    for index in (0, 29):
        expect(rows.nth(index)).to_be_checked()
    page.get_by_role("button", name="Untick all").click()
    expect(page.locator("tbody input[name=entries]:checked")).to_have_count(0)
    assert [v for v in axe_violations(page) if v["impact"] in BLOCKING] == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / f"registration-numbers-{width}.png")

    page.get_by_role("button", name="Number the players by rating").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Numbered by rating:")).to_be_visible()
    ratings = list(division.entries.order_by("number").values_list("rating", flat=True))
    assert ratings == sorted(ratings, reverse=True)
    page.goto(live_server.url + reverse("tournaments:pairing", args=["numbers-open", "A"]))
    expect(page.locator(".round-one-seeding")).to_contain_text(
        "Round 1 is seeded by entry rating, highest first, then by player number."
    )
    full_page_png(page, ARTIFACTS / f"pairing-seeding-{width}.png")
