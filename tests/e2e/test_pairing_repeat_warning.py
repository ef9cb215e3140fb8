"""The pairing page says when a round breaks the division's repeat limit: before pairing (the
planned system ignores it) and after (the tables of the rematches), on a phone and a desktop."""

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tournaments.services import results as result_services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def played_round(division, director, entries):
    round_ = factories.round_with_pairings(division, entries)
    for pairing in round_.pairings.filter(second__isnull=False):
        result_services.result_record(
            by=director,
            pairing_id=pairing.pk,
            first_score=400,
            second_score=350,
            expected_version=0,
        )


def test_the_pairing_page_warns_before_and_after_a_round_beyond_the_repeat_limit(
    live_server, browser
):
    director = factories.user("repeat-director")
    event = factories.tournament(director=director, slug="repeats")
    queen = factories.division(event, name="Q", rounds=3, pairing_plan="1 swiss; 2-3 queen")
    played_round(queen, director, factories.entries(queen, 4))
    two = factories.division(event, name="K", rounds=3, pairing_plan="1-3 koth")
    played_round(two, director, factories.entries(two, 2))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width in (390, 1280):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(f"{live_server.url}/login/")
        page.fill("#id_username", "repeat-director")
        page.fill("#id_password", "pw-for-tests-1")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_load_state()
        page.goto(f"{live_server.url}/t/repeats/Q/pairing/")
        expect(page.locator(".repeat-warnings")).to_contain_text(
            "Round 2 is paired by Queen of the hill, which ignores the repeat limit (0)"
        )
        full_page_png(page, ARTIFACTS / f"pairing-repeat-before-{width}.png")
        page.goto(f"{live_server.url}/t/repeats/K/pairing/")
        if width == 390:  # pair round 2 once: two players can only meet again
            page.fill("#id_round_number", "2")
            page.get_by_role("button", name="Pair", exact=True).click()
            page.wait_for_load_state()
            expect(
                page.get_by_text("Round 2: 1 rematch beyond the repeat limit of 0 (table 1).")
            ).to_be_visible()
            page.goto(f"{live_server.url}/t/repeats/K/pairing/")
        expect(page.locator(".repeat-warnings")).to_contain_text(
            "Round 2: 1 rematch beyond the repeat limit of 0 (table 1)."
        )
        full_page_png(page, ARTIFACTS / f"pairing-repeat-after-{width}.png")
        context.close()
