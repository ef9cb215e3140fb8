"""The find-my-name box of a published pairings page, served by nginx as a static file, keeps
the lines of the names it finds as the site does (publishing/static/publishing/find-name.js,
under the site's strict policy carried as a meta): typing, a name nobody has, clearing, and a
shared link's ?q=."""

import pytest
from playwright.sync_api import expect

from publishing.services import event_publish
from tests.publishing.world import small_event

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db]


def test_the_box_of_a_published_pairings_page_keeps_the_lines_of_the_names_found(
    director, published_site, page
):
    base, root = published_site
    page.set_viewport_size({"width": 375, "height": 800})  # a phone: each line is a card
    event = small_event(director)  # Entrant <division>-1 .. -4, all paired in round 1
    division = event.divisions.get().pk
    event_publish(event, str(root))
    refused = []
    # A refused script or style (the policy), or a file of the page missing.
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    page.on("response", lambda r: refused.append(r.url) if r.status >= 400 else None)
    page.goto(f"{base}/A/live/index.html")
    visible = page.locator("tr.player-line:visible")
    none = page.locator('.find-name-status[role="status"] [data-find-name-none]')
    expect(visible).to_have_count(4)
    expect(none).to_be_hidden()
    box = page.get_by_role("searchbox", name="Find my name")
    box.press_sequentially(f"  ENTRANT {division}-3")
    expect(visible).to_have_count(1)
    expect(visible).to_have_attribute("data-name", f"Entrant {division}-3")
    expect(none).to_be_hidden()
    page.evaluate("window.stillHere = true")
    box.press("Enter")  # Find: the page itself answers, nothing is sent
    expect(visible).to_have_count(1)
    assert page.evaluate("window.stillHere === true")
    box.fill("nobody")
    expect(visible).to_have_count(0)
    expect(none).to_be_visible()
    expect(none).to_have_text("No player of that name in this round.")
    box.fill("")
    expect(visible).to_have_count(4)
    expect(none).to_be_hidden()
    page.goto(f"{base}/A/live/index.html?q=-2")
    expect(box).to_have_value("-2")
    expect(visible).to_have_count(1)
    expect(visible).to_have_attribute("data-name", f"Entrant {division}-2")
    assert refused == []
