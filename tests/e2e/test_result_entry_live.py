"""The result entry page keeps itself up to date: No-show buttons appear the moment the
late-forfeit minutes have passed, without a reload."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from core.formatting import fmt_time_exact
from tests import factories
from tournaments.services import lateness

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_no_show_buttons_appear_live_at_the_exact_time_shown(live_server, page, screenshot):
    director = factories.user("late-director")
    event = factories.tournament(director=director, slug="late-live", rules_preset="thai")
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, 4))
    # The round started 15 minutes less 4 seconds ago: no-shows may be recorded in 4 seconds.
    started = timezone.now() - datetime.timedelta(minutes=15) + datetime.timedelta(seconds=4)
    lateness.round_start(by=director, round_id=round_.pk, now=started)

    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "late-director")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/t/late-live/A/round/1/results/")
    exact = fmt_time_exact(started + datetime.timedelta(minutes=15))
    expect(page.locator("[data-no-show-from]")).to_have_text(
        f"No-shows can be recorded from {exact}."
    )
    expect(page.get_by_role("button", name="No-show: ")).to_have_count(0)
    screenshot("results-late-waiting")
    url_before = page.url
    expect(page.locator("#late .late-no-show button")).to_have_count(4, timeout=15_000)
    assert page.url == url_before
    expect(page.locator("[data-no-show-from]")).to_have_count(0)
    screenshot("results-late-no-show-buttons")
