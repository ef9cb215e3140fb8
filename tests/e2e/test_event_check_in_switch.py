"""One switch for the whole event (issue 33): the event page opens and closes self check-in in
every division at once, and withdraws the players who did not come across every division after
a confirmation page. Screenshots at 390 and 1280 px, axe checked."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tests.e2e.test_director_flow import log_in
from tournaments.models import Division, Entry

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def blocking(page) -> list[dict]:
    return [v for v in axe_violations(page) if v["impact"] in BLOCKING]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_whole_event_opens_closes_and_withdraws_its_no_shows(live_server, page, width):
    director = factories.user("desk")
    event = factories.tournament(director=director, slug="two-rooms")
    for name in ("A", "B"):
        division = factories.division(event, name=name, rounds=3)
        for entry in factories.entries(division, 2):
            entry.status = Entry.Status.REGISTERED
            entry.save(update_fields=["status"])
    Entry.objects.filter(division__name="A", number=1).update(status=Entry.Status.CHECKED_IN)
    page.set_viewport_size({"width": width, "height": 844})
    log_in(page, live_server.url, "desk")
    page.goto(live_server.url + reverse("tournaments:detail", args=["two-rooms"]))
    switch = page.locator("section.event-check-in")
    expect(switch).to_contain_text("Self check-in is open in 0 of 2 divisions.")

    switch.get_by_role("button", name="Open check-in in every division").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Check-in is open in every division.")).to_be_visible()
    expect(switch).to_contain_text("Self check-in is open in 2 of 2 divisions.")
    assert set(Division.objects.values_list("check_in_open", flat=True)) == {True}
    assert blocking(page) == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / f"event-check-in-{width}.png")

    switch.get_by_role("button", name="Close check-in in every division").click()
    page.wait_for_load_state()
    expect(switch).to_contain_text("Self check-in is open in 0 of 2 divisions.")
    switch.get_by_role("link", name="Withdraw the players who did not come").click()
    page.wait_for_load_state()
    expect(page.locator("table.no-shows tbody tr")).to_have_count(3)
    assert blocking(page) == []
    full_page_png(page, ARTIFACTS / f"event-no-shows-{width}.png")
    page.get_by_role("button", name="Withdraw them").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Withdrew 3 players.")).to_be_visible()
    assert Entry.objects.filter(withdrawn_after_round=0).count() == 3
