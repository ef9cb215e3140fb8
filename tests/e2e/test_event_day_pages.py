"""The director's pages this pass changed, at 390 and 1280 px, saved for a person to look at
(artifacts/screenshots/day2-<width>-<page>.png): the division and result entry pages saying
"Division complete" with the final report, the crosstable with a play-off result, the import
page asking for a name and visibility, the event form with country, paper and time zone, and the
audit log in the event's zone, with the zone note shown only to a reader whose clock is
elsewhere."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.tournaments import reports_world
from tournaments.models import Pairing
from tournaments.services import results as result_services

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def finished_bangkok_division(director):
    """reports_world in a three-round Thai-rules event in Bangkok's zone: the round-2 tie
    decided by a play-off, and round 3 entered (the division is complete)."""
    event = factories.tournament(
        "Bangkok Open", director=director, slug="bangkok", rules_preset="thai",
        time_zone="Asia/Bangkok", country="TH",
    )  # fmt: skip
    division = reports_world.build(event, rounds=3)
    tie = Pairing.objects.get(round__division=division, round__number=2, table=1)
    Pairing.objects.filter(pk=tie.pk).update(playoff_winner=tie.second_id)
    for pairing in Pairing.objects.filter(round__division=division, round__number=3):
        result_services.result_record(
            by=director, pairing_id=pairing.pk, first_score=410, second_score=377,
            expected_version=pairing.version,
        )  # fmt: skip
    return division


def log_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", "desk")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_changed_director_pages_read_right_at_phone_and_desk_width(live_server, browser, width):
    director = factories.user("desk")
    finished_bangkok_division(director)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # A reader in Toronto: the Bangkok event's times are not on their clock.
    context = browser.new_context(
        viewport={"width": width, "height": 844}, timezone_id="America/Toronto"
    )
    page = context.new_page()
    log_in(page, live_server.url)
    here = ["bangkok", "A"]
    shots = {
        "division": reverse("tournaments:division", args=here),
        "results": reverse("tournaments:results", args=[*here, 3]),
        "crosstable": reverse("tournaments:crosstable", args=here),
        "import": reverse("tournaments:archive_import"),
        "event-form": reverse("tournaments:edit", args=["bangkok"]),
        "audit-log": reverse("tournaments:audit", args=["bangkok"]),
    }
    for name, path in shots.items():
        page.goto(live_server.url + path)
        page.wait_for_load_state()
        full_page_png(page, ARTIFACTS / f"day2-{width}-{name}.png")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
        if name in ("division", "results"):
            expect(page.locator(".division-complete")).to_contain_text("Division complete")
            expect(
                page.locator(".division-complete").get_by_role("link", name="Final report")
            ).to_be_visible()
        if name == "crosstable":
            expect(page.locator("body")).to_contain_text("W (tie won) 390–390 #1")
        if name == "import":
            expect(page.get_by_label("Private: only its directors see it")).to_be_checked()
        if name == "audit-log":
            expect(page.locator(".zone-note")).to_be_visible()
            expect(page.locator(".zone-note")).to_have_text(
                "Times on this page are in Asia/Bangkok time (UTC+07:00), not your own."
            )
    context.close()
    # A reader in Bangkok needs no note.
    context = browser.new_context(
        viewport={"width": width, "height": 844}, timezone_id="Asia/Bangkok"
    )
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(live_server.url + shots["audit-log"])
    page.wait_for_load_state()
    expect(page.locator(".zone-note")).to_be_hidden()
    context.close()
