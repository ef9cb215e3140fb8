"""A published page, served by nginx as a static file, refreshes itself from the published files
when a new round changes it (publishing/static/publishing/refresh.js, under the site's strict
policy carried as a meta), and a page the round did not change stays as it is."""

import pytest
from playwright.sync_api import expect

from publishing import pages
from publishing.services import event_publish
from tests.publishing.world import second_result, small_event
from tournaments.models import Division

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db]


def test_a_changed_page_reloads_itself_and_an_unchanged_one_stays(
    director, published_site, page, monkeypatch
):
    monkeypatch.setattr(pages, "REFRESH_SECONDS", 1)
    base, root = published_site
    event = small_event(director)
    Division.objects.create(tournament=event, name="B", rounds=2)  # no result of its own
    event_publish(event, str(root))
    refused = []
    # A refused script or style (the policy), or a file of the page missing (the browser's own
    # favicon.ico, which no response event reports, aside).
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    page.on("response", lambda r: refused.append(r.url) if r.status >= 400 else None)
    page.goto(f"{base}/A/standings/index.html")
    page.evaluate("window.stillHere = true")
    unchanged = (root / "B" / "standings" / "index.html").read_bytes()
    other = page.context.new_page()
    other.goto(f"{base}/B/standings/index.html")
    other.evaluate("window.stillHere = true")
    with page.expect_request(f"{base}/stamp.json"):
        pass  # the script is running and has read the stamp once
    second_result(director, event)
    event_publish(event, str(root))
    assert (root / "B" / "standings" / "index.html").read_bytes() == unchanged
    expect(page.locator("main")).to_contain_text("455", timeout=15_000)
    assert page.evaluate("window.stillHere === undefined")
    with other.expect_request(f"{base}/stamp.json"), other.expect_request(f"{base}/stamp.json"):
        pass  # the unchanged page has looked at the new stamp
    assert other.evaluate("window.stillHere === true")
    assert refused == []
