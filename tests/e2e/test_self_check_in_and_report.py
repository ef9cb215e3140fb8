"""King's Cup day on a phone: a player checks in from the QR code's link, finds their table and
reports; the opponent confirms and the standings show it. A disagreement reaches the director's
queue, where one key settles it."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tournaments.models import Entry, Pairing
from tournaments.selectors.entry_links import entry_token

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def blocking(page) -> list[dict]:
    return [v for v in axe_violations(page) if v["impact"] in BLOCKING]


def link(base: str, entry: Entry) -> str:
    return base + reverse(
        "tournaments:entry_link", args=[entry.division.tournament.slug, entry_token(entry.pk)]
    )


@pytest.fixture
def field():
    director = factories.user("kc-director")
    event = factories.tournament(
        name="King's Cup", slug="kings-cup", director=director, self_reporting=True
    )
    division = factories.division(event, name="A", rounds=7, check_in_open=True)
    names = ["Alice Arden", "Bongani Dube", "Chen Wei", "Dara Ng"]
    entries = [
        Entry.objects.create(
            division=division,
            player=factories.player(name),
            number=n,
            rating=2000 - n,
            status=Entry.Status.REGISTERED,
        )
        for n, name in enumerate(names, start=1)
    ]
    return division, entries


def test_check_in_report_confirm_and_settle_a_dispute(live_server, page, field, screenshot):
    division, entries = field
    base = live_server.url
    page.set_viewport_size(PHONE)
    page.goto(link(base, entries[0]))
    page.get_by_role("button", name="I'm here").click()
    expect(page.get_by_text("You are checked in.", exact=True)).to_be_visible()
    assert blocking(page) == []
    screenshot("self-check-in-phone")
    for entry in entries[1:]:
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.CHECKED_IN)
    factories.round_with_pairings(division, entries)

    # Alice finds her table and reports; Bongani confirms from his own link.
    page.goto(link(base, entries[0]))
    expect(page.locator(".table-line")).to_have_text("Round 1: table 1 against Bongani Dube")
    page.locator("#id_first_score").fill("412")
    page.locator("#id_second_score").fill("388")
    page.get_by_role("button", name="Send scores").click()
    expect(page.get_by_text("Thank you: your scores were sent.")).to_be_visible()
    assert blocking(page) == []
    screenshot("self-report-phone")
    page.goto(link(base, entries[1]))
    expect(page.get_by_text("Your opponent reported 412–388")).to_be_visible()
    page.get_by_role("button", name="Confirm these scores").click()
    # From Bongani's side, as his player page writes it: he lost 388–412.
    expect(page.get_by_text("Result: L 388–412")).to_be_visible()
    page.goto(base + reverse("tournaments:standings", args=["kings-cup", "A"]))
    first_row = page.locator("table tbody tr").first.inner_text()
    assert "Alice Arden" in first_row and "+24" in first_row

    # Chen and Dara disagree; the director settles it with the "1" key.
    for entry, scores in ((entries[2], ("400", "350")), (entries[3], ("350", "400"))):
        page.goto(link(base, entry))
        page.locator("#id_first_score").fill(scores[0])
        page.locator("#id_second_score").fill(scores[1])
        page.get_by_role("button", name="Send scores").click()
        page.wait_for_load_state()
    expect(page.get_by_text("The reports disagree: a director will decide.")).to_be_visible()
    page.goto(f"{base}/login/")
    page.fill("#id_username", "kc-director")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(base + reverse("tournaments:score_reports", args=["kings-cup", "A"]))
    expect(page.locator("[data-queue-key]")).to_have_count(2)
    assert blocking(page) == []
    screenshot("report-queue-phone")
    page.keyboard.press("1")
    expect(page.get_by_text("No reports waiting.")).to_be_visible()
    game = Pairing.objects.get(first=entries[2])
    assert (game.first_score, game.second_score) == (400, 350)

    # The hall screen and the desk's missing-results screen pass axe on a big screen too.
    page.set_viewport_size({"width": 1920, "height": 1080})
    for name in ("hall", "hall_missing"):
        page.goto(base + reverse(f"tournaments:{name}", args=["kings-cup", "A"]))
        assert blocking(page) == [], name
        screenshot(f"{name}-screen")
    expect(page.get_by_text("Every result is in.")).to_be_visible()
