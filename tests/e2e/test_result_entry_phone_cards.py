"""On a 390 px phone the result entry page's "All tables" is a card per game: the table and the
result on top, each player on a line of their own with their score, labelled "Score"."""

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tournaments.services import results as result_services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def box(locator) -> dict:
    return locator.bounding_box()


def test_all_tables_are_cards_with_labelled_scores_on_a_phone(live_server, browser):
    director = factories.user("phone-director")
    event = factories.tournament(director=director, slug="phone-cards")
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, 7))
    first = round_.pairings.get(table=1)
    result_services.result_record(
        by=director, pairing_id=first.pk, first_score=432, second_score=398, expected_version=0
    )
    for width, height in ((390, 844), (1280, 900)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(f"{live_server.url}/login/")
        page.fill("#id_username", "phone-director")
        page.fill("#id_password", "pw-for-tests-1")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_load_state()
        page.goto(f"{live_server.url}/t/phone-cards/A/round/1/results/")
        row = page.locator("#round-results tbody tr").first
        name1, score1 = row.locator("td.rr-first"), row.locator("td.rr-first-score")
        name2, score2 = row.locator("td.rr-second"), row.locator("td.rr-second-score")
        expect(score1).to_have_text("432")
        if width == 390:
            label = score1.evaluate("td => getComputedStyle(td, '::before').content")
            assert label == '"Score "'
            # Each player's score on the player's own line, at its right end; the second below.
            for name, score in ((name1, score1), (name2, score2)):
                assert abs(box(name)["y"] - box(score)["y"]) < box(name)["height"]
                assert box(score)["x"] > box(name)["x"] + box(name)["width"] / 2
            assert box(name2)["y"] > box(name1)["y"] + box(name1)["height"] / 2
            assert box(row.locator("td.rr-table"))["y"] < box(name1)["y"]
            # No card is wider than the phone: nothing scrolls sideways.
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            expect(page.locator("#round-results thead")).to_be_hidden()
        else:
            expect(page.locator("#round-results thead")).to_be_visible()
            assert abs(box(name1)["y"] - box(name2)["y"]) < 2  # one line a game
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        full_page_png(page, ARTIFACTS / f"results-all-tables-{width}.png")
        context.close()
