"""A director registers 40 players by pasting their names, checks them all in at once and
pairs round 1, on a desktop (1280 px) and on a phone (390 px)."""

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.e2e.test_director_flow import log_in
from tournaments.models import Entry, Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

NAMES = [f"Player {chr(65 + i // 10)}{i % 10} Example" for i in range(40)]


@pytest.mark.parametrize("width", [1280, 390])
def test_director_pastes_forty_names_checks_them_in_and_pairs(live_server, page, screenshot, width):
    director = factories.user(f"director{width}")
    event = factories.tournament(director=director)
    factories.division(event, name="A", rounds=5)
    factories.player(NAMES[0], country="GB")  # already known: the review asks about it
    base, where = live_server.url, f"{live_server.url}/t/{event.slug}/A/registration"
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, base, director.username)

    page.goto(f"{where}/add-many/")
    page.fill("#id_names", "\n".join(NAMES))
    page.get_by_role("button", name="Review").click()
    expect(page.get_by_text("40 rows read.")).to_be_visible()
    page.get_by_role("radio", name=f"Use {NAMES[0]} (GB)").check()
    screenshot(f"registration-review-{width}")
    page.get_by_role("button", name="Enter 40 rows").click()
    expect(page.get_by_text("40 players entered.")).to_be_visible()
    assert Entry.objects.filter(division__tournament=event).count() == 40

    page.locator("input[data-select-all]").check()
    page.select_option("#id_bulk_action", "check_in")
    page.get_by_role("button", name="Apply").click()
    expect(page.get_by_text("40 entered · 40 checked in · 0 paid · 0 withdrawn")).to_be_visible()
    expect(page.get_by_role("button", name="Undo")).to_be_visible()
    screenshot(f"registration-checked-in-{width}")
    assert not Entry.objects.exclude(status=Entry.Status.CHECKED_IN).exists()

    page.goto(f"{base}/t/{event.slug}/A/pairing/")
    page.fill("#id_round_number", "1")
    page.get_by_role("button", name="Pair", exact=True).click()
    page.wait_for_load_state()
    assert Pairing.objects.filter(round__division__tournament=event).count() == 20
    page.goto(f"{base}/t/{event.slug}/A/")
    screenshot(f"registration-round-1-{width}")
