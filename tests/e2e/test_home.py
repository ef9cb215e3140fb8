"""The home page works in a real browser on a phone-sized screen."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_player_search_in_a_phone_browser(live_server, page, screenshot, quickstart):
    quickstart()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/players/")
    page.get_by_role("searchbox").fill("Okafor")
    page.get_by_role("button", name="Search").click()
    rows = page.locator("table tbody tr")
    expect(rows).to_have_count(1)  # waits for the results page, unlike count()
    assert "Anna Okafor" in rows.first.inner_text()
    screenshot("players-search-phone")
