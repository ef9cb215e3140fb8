"""The dispute queue is one click from where a director works (issue 33): result entry and the
division page link the players' score reports with how many wait and how many are disputed.
Screenshots at 390 and 1280 px, axe checked."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tests.e2e.test_director_flow import log_in
from tournaments.models import Pairing
from tournaments.services.self_reporting import report_submit

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def disputed_game(division):
    game = Pairing.objects.filter(round__division=division).order_by("table").first()
    for entry, scores in ((game.first_id, (410, 380)), (game.second_id, (380, 410))):
        report_submit(
            by=None, as_entry_id=entry, pairing_id=game.pk, first_score=scores[0],
            second_score=scores[1],
        )  # fmt: skip
    return game


@pytest.mark.parametrize("width", [390, 1280])
def test_result_entry_and_the_division_page_lead_to_the_disputes(live_server, page, width):
    director = factories.user("desk")
    event = factories.tournament(director=director, self_reporting=True)
    division = factories.division(event, name="A", rounds=3)
    factories.round_with_pairings(division, factories.entries(division, 4))
    disputed_game(division)
    page.set_viewport_size({"width": width, "height": 844})
    log_in(page, live_server.url, "desk")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    queue = reverse("tournaments:score_reports", args=[event.slug, "A"])
    pages = {
        "results": reverse("tournaments:results", args=[event.slug, "A", 1]),
        "division": reverse("tournaments:division", args=[event.slug, "A"]),
    }
    for name, address in pages.items():
        page.goto(live_server.url + address)
        link = page.locator(".score-reports-link a")
        expect(link).to_have_text("Players' score reports 1 to settle · 1 disputed")
        assert [v for v in axe_violations(page) if v["impact"] in BLOCKING] == []
        full_page_png(page, ARTIFACTS / f"dispute-link-{name}-{width}.png")
        link.click()
        page.wait_for_load_state()
        assert page.url == live_server.url + queue
        expect(page.locator("[data-queue-key]").first).to_be_visible()
