"""The event page on a 390 x 844 phone: the divisions and their live links are on the first
screen, and the Thai division's player reads the Thai rules on their division (not the event's
NASPA rules first). Screenshots at 390 and 1280 px."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tournaments.services.rules import division_rules_update

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def bangkok_open():
    director = factories.user()
    event = factories.tournament(
        "Bangkok Open 2026", director=director, slug="bangkok-open", rules_preset="naspa",
        venue="Chulalongkorn University",
    )  # fmt: skip
    thai = factories.division(event, name="Thai", rounds=6)
    factories.division(event, name="NASPA", rounds=6)
    division_rules_update(by=director, division=thai, preset="thai")


@pytest.mark.parametrize("width", [390, 1280])
def test_divisions_and_live_links_first_each_with_its_rules(live_server, page, width):
    bangkok_open()
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(live_server.url + reverse("tournaments:detail", args=["bangkok-open"]))
    page.wait_for_load_state()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / f"event-page-{width}.png")
    cards = page.locator("section.division-card")
    expect(cards).to_have_count(2)
    for index in range(2):
        live = cards.nth(index).get_by_role("link", name="Live page")
        box = live.bounding_box()
        assert box["y"] + box["height"] <= 844, (index, box)  # on the first screen
    thai = cards.filter(has_text="Division Thai")
    expect(thai.locator("summary")).to_contain_text("Rules: Thai association")
    expect(cards.filter(has_text="Division NASPA").locator("summary")).to_contain_text(
        "Rules: NASPA tournament"
    )
    expect(page.locator("#rules")).to_have_count(0)  # no event-wide rules before them
    thai.locator("summary").click()
    expect(thai.locator(".rules-list li").first).to_be_visible()
    full_page_png(page, ARTIFACTS / f"event-page-thai-rules-{width}.png")
