"""A new late entrant in two clicks: type the name in the registration search, "Create the
player", then "Add" with the late-entry fields already open at the next round."""

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tournaments.models import Entry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_a_new_late_entrant_is_created_inline_and_entered_at_the_next_round(
    live_server, browser, width
):
    director = factories.user("late-entry-director")
    event = factories.tournament(director=director, slug=f"late-entry-{width}")
    division = factories.division(event, name="A", rounds=6)
    entries = factories.entries(division, 4)
    factories.round_with_pairings(division, entries)
    factories.round_with_pairings(division, entries, number=2)
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "late-entry-director")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/t/{event.slug}/A/registration/")

    page.locator("#id_q").type("Zawadi Late")  # the live search finds nobody
    expect(page.locator("#picker-results")).to_contain_text(
        "No player not yet entered matches “Zawadi Late”."
    )
    expect(page.locator("#id_new-name")).to_have_value("Zawadi Late")
    page.fill("#id_new-country", "KE")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / f"registration-new-player-{width}.png")
    page.get_by_role("button", name="Create the player").click()  # click 1
    page.wait_for_load_state()

    chosen = page.get_by_role("radio", name="Zawadi Late")
    expect(chosen).to_be_checked()
    expect(page.locator("#id_joins_at_round")).to_be_visible()  # late-entry fields open
    expect(page.locator("#id_joins_at_round")).to_have_value("3")
    full_page_png(page, ARTIFACTS / f"registration-new-player-back-{width}.png")
    page.get_by_role("button", name="Add", exact=True).click()  # click 2
    page.wait_for_load_state()
    expect(page.get_by_text("Zawadi Late entered as #5.")).to_be_visible()
    entry = Entry.objects.get(division=division, player__name="Zawadi Late")
    assert (entry.number, entry.joins_at_round, entry.player.country) == (5, 3, "KE")
    context.close()
