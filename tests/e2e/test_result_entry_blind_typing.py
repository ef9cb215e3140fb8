"""A director types results blind, as fast as TSH directors type `addscore` lines: every line
pressed with Enter is stored and shown, whatever the live preview had caught up with."""

import time

import pytest
from playwright.sync_api import expect

from tests import factories
from tournaments.models import Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES = 30
KEY_DELAY_MS = 30


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def line_for(table: int) -> str:
    return f"{table} {350 + table} {420 - table}"


def test_thirty_results_typed_blind_at_30_ms_a_key_are_all_stored_and_shown(
    live_server, page, screenshot
):
    director = factories.user("blind-typist")
    event = factories.tournament(director=director, slug="blind-typing")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 2 * TABLES))
    log_in(page, live_server.url, "blind-typist")
    page.goto(f"{live_server.url}/t/blind-typing/A/round/1/results/")
    page.locator("#id_line").focus()

    started = time.monotonic()
    for table in range(1, TABLES + 1):
        page.keyboard.type(line_for(table), delay=KEY_DELAY_MS)
        page.keyboard.press("Enter")  # straight after the last key, never waiting
    typed_for = time.monotonic() - started
    expect(page.locator("#saved-log li")).to_have_count(TABLES, timeout=60_000)
    stored_after = time.monotonic() - started

    stored = Pairing.objects.filter(round__division=division, first_score__isnull=False)
    assert sorted(stored.values_list("table", "first_score", "second_score")) == [
        (table, 350 + table, 420 - table) for table in range(1, TABLES + 1)
    ]
    for table in (1, 15, TABLES):
        row = page.locator("#round-results tbody tr").nth(table - 1)
        expect(row).to_contain_text(f"{350 + table}")
        expect(row).to_contain_text(f"{420 - table}")
    expect(page.locator("#entry-pending li")).to_have_count(0)
    expect(page.locator("#entry-unsaved")).to_be_hidden()
    assert page.locator("#id_line").input_value() == ""
    expect(page.locator("#missing")).to_contain_text("All results are in.")
    screenshot("results-blind-typing-30")
    print(
        f"\nblind typing: {TABLES} lines typed at {KEY_DELAY_MS} ms a key in {typed_for:.1f} s, "
        f"{stored.count()} stored and shown {stored_after:.1f} s after the first key"
    )
