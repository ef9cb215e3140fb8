"""A player on a phone finds their name on the live pairings and sees their table."""

import pytest
from playwright.sync_api import expect

from tests.tournaments import reports_world

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_player_finds_their_name_and_table_on_a_phone(live_server, page, screenshot):
    reports_world.build()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/spring-open/live/")
    # Typed into once the new page has loaded and htmx listens (a search typed sooner
    # is never sent; seen on a loaded CI run).
    with page.expect_navigation():
        page.get_by_role("link", name="Pairings – find my name").click()
    page.get_by_role("searchbox").fill("ben")
    # htmx swaps the table in place as the name is typed.
    expect(page.locator("#live-pairings tbody tr")).to_have_count(1, timeout=10000)
    row = page.locator("#live-pairings tbody tr").first.inner_text()
    assert "Ben Ng" in row and "山田さくら (#3)" in row and "2nd" in row
    screenshot("player-find-my-name-phone")
    page.get_by_role("link", name="Ben Ng").click()
    page.wait_for_load_state()
    assert "Table 3" in page.locator(".next-game").inner_text()
    assert "Rank 5" in page.content()
    screenshot("player-page-phone")
