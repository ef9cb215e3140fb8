"""Typed-ahead results survive leaving the page: lines still queued on a slow connection are kept
in the browser's storage, the page warns before it is left, and the page loaded again sends them
and says so; a line the server had stored but never answered is not stored twice."""

import re

import pytest
from playwright.sync_api import expect

from core.models import AuditEntry
from tests import factories
from tests.e2e.test_thai_scoresheet import PHONE
from tournaments.models import Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES = 6
STORAGE = "desk-results:/t/reload-queue/A/round/1/results/"


def line_for(table: int) -> str:
    return f"{table} {360 + table} {410 - table}"


def scores(division) -> list[tuple]:
    pairings = Pairing.objects.filter(round__division=division).order_by("table")
    return [(p.table, p.first_score, p.second_score) for p in pairings]


def stored_lines(page) -> list[str]:
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('{STORAGE}') || '{{}}')")
    return [line["values"]["line"] for line in sorted(kept.values(), key=lambda x: x["at"])]


def test_lines_queued_when_the_page_is_reloaded_are_sent_again_and_each_stored_once(
    live_server, page
):
    director = factories.user("reloading-director")
    event = factories.tournament(director=director, slug="reload-queue")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 2 * TABLES))
    base = live_server.url
    page.goto(f"{base}/login/")
    page.fill("#id_username", "reloading-director")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(f"{base}/t/reload-queue/A/round/1/results/")

    # A slow connection: the first line is answered; the second reaches the server (it is
    # stored) but its answer has not come back when the director reloads; the lines typed after
    # it are still queued in the page.
    posts, unanswered, reloaded = [], [], []

    def slow_connection(route):
        if route.request.method != "POST" or reloaded:
            route.continue_()
            return
        posts.append(route.request.post_data)
        if len(posts) == 1:
            route.continue_()
        else:
            unanswered.append((route, route.fetch()))  # stored; the answer never arrives

    results_url = re.compile(r"/results/$")
    page.route(results_url, slow_connection)
    page.locator("#id_line").focus()
    for table in range(1, TABLES + 1):
        page.keyboard.type(line_for(table), delay=10)
        page.keyboard.press("Enter")
    expect(page.locator("#saved-log li")).to_have_count(1)
    expect(page.locator("#entry-pending li")).to_have_count(TABLES - 1)
    assert len(unanswered) == 1
    assert scores(division)[:3] == [(1, 361, 409), (2, 362, 408), (3, None, None)]
    assert stored_lines(page) == [line_for(table) for table in range(2, TABLES + 1)]

    # Reloading asks first (lines are unsaved); the director reloads anyway.
    reloaded.append(True)  # the connection is good again after the reload
    asked = []

    def leave_anyway(dialog):
        asked.append(dialog.type)
        dialog.accept()

    page.on("dialog", leave_anyway)
    page.reload()
    assert asked == ["beforeunload"]
    recovered = page.locator("#entry-recovered")
    expect(recovered).to_contain_text(f"{TABLES - 1} lines recovered from before the reload:")
    for table in range(2, TABLES + 1):
        expect(recovered).to_contain_text(line_for(table))
    expect(page.locator("#saved-log li")).to_have_count(TABLES - 1, timeout=20_000)
    expect(page.locator("#entry-pending li")).to_have_count(0)
    expect(page.locator("#entry-questions [data-state]")).to_have_count(0)  # nothing to ask
    expect(page.locator("#entry-unsaved")).to_be_hidden()
    assert scores(division) == [(t, 360 + t, 410 - t) for t in range(1, TABLES + 1)]
    # Each line stored once: the second line, stored before the reload, was not written again.
    assert AuditEntry.objects.filter(action="result.record").count() == TABLES
    assert stored_lines(page) == []

    # Nothing left unsaved: the next reload neither asks nor recovers anything.
    page.reload()
    assert asked == ["beforeunload"]
    expect(page.locator("#entry-recovered")).to_be_hidden()


def test_the_recovered_lines_note_at_phone_and_desk_width(live_server, page, screenshot):
    director = factories.user("reloading-director")
    event = factories.tournament(director=director, slug="reload-queue")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 2 * TABLES))
    base = live_server.url
    page.goto(f"{base}/login/")
    page.fill("#id_username", "reloading-director")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(f"{base}/t/reload-queue/A/round/1/results/")
    # Lines a closed tab left in the storage, as the page writes them.
    page.evaluate(
        "([key, lines]) => localStorage.setItem(key, JSON.stringify(Object.fromEntries("
        "lines.map((line, i) => ['old-' + i, {at: i, values: {line: line}}]))))",
        [STORAGE, [line_for(1), line_for(2)]],
    )
    for width, size in (("390", PHONE), ("1280", {"width": 1280, "height": 900})):
        page.set_viewport_size(size)
        page.reload()
        recovered = page.locator("#entry-recovered")
        expect(recovered).to_contain_text("2 lines recovered from before the reload:")
        expect(page.locator("#saved-log li")).to_have_count(2)
        screenshot(f"results-recovered-after-reload-{width}")
        page.evaluate(
            "([key, lines]) => localStorage.setItem(key, JSON.stringify(Object.fromEntries("
            "lines.map((line, i) => ['old-' + i, {at: i, values: {line: line}}]))))",
            [STORAGE, [line_for(1), line_for(2)]],
        )
    # Sent twice (once per reload), stored once.
    assert AuditEntry.objects.filter(action="result.record").count() == 2
    assert scores(division)[:3] == [(1, 361, 409), (2, 362, 408), (3, None, None)]
