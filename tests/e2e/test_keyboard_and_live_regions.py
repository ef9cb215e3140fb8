"""The director's result entry and the table clock work from the keyboard alone, and a player's
live page tells a screen reader when new results come in (a polite live region).

The demo's running event (round 4 paired, no result yet). The director logs in, enters a result
and runs a scoresheet's clock with nothing but keys (Tab, typing, Enter, Space); a player's
pairings page, open in a second tab, refreshes as its poll does and its live region says so.
"""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from config.demo import DIRECTOR_PASSWORD, DIRECTOR_USERNAME
from games.models import Turn
from tests.demo_copy import load_demo_copy
from tournaments.models import Division, Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def tab_to(page, selector: str, limit: int = 80) -> None:
    """Press Tab until the focused element matches ``selector`` (fails after ``limit`` presses)."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} is not reachable with Tab")


def log_in_by_keyboard(page, base: str) -> None:
    page.goto(f"{base}/login/")
    tab_to(page, "#id_username")
    page.keyboard.type(DIRECTOR_USERNAME)
    page.keyboard.press("Tab")
    page.keyboard.type(DIRECTOR_PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def test_result_entry_and_clock_by_keyboard_and_a_live_page_announces_the_result(live_server, page):
    load_demo_copy()
    division = Division.objects.get(tournament__slug="riverside-open-2026", name="A")
    here = {"tournament_slug": division.tournament.slug, "division_name": "A"}
    round_4 = Pairing.objects.filter(
        round__division=division, round__number=4, kind=Pairing.Kind.PLAYED
    ).order_by("table")
    first, other = round_4[0], round_4[1]
    missing = round_4.count()
    base = live_server.url

    # A player follows the round on the live pairings page (a second tab).
    player_tab = page.context.new_page()
    player_tab.goto(base + reverse("tournaments:public_pairings", kwargs=here))
    announcer = player_tab.locator("#live-announce")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_have_attribute("role", "status")
    expect(announcer).to_have_text("")

    # Result entry: the box has the focus on arrival; type, read the preview, Enter saves.
    log_in_by_keyboard(page, base)
    page.goto(base + reverse("tournaments:results", kwargs=here | {"round_number": 4}))
    assert page.evaluate("document.activeElement.id") == "id_line"
    page.keyboard.type(f"{first.table} 412 398")
    expect(page.locator("#entry-feedback [data-state=confirm]")).to_be_visible()
    page.keyboard.press("Enter")
    # Enter empties the box at once; the server's answer is announced in its own live region.
    answer = page.locator("#entry-answer")
    expect(answer).to_have_attribute("aria-live", "polite")
    expect(answer).to_contain_text("Saved:")
    expect(answer).to_contain_text("412")
    first.refresh_from_db()
    assert (first.first_score, first.second_score) == (412, 398)

    # The player's page refreshes as its poll does (the same htmx request) and says it.
    player_tab.evaluate(
        "htmx.ajax('GET', location.pathname, {source: '#live-pairings',"
        " target: '#live-pairings', swap: 'outerHTML'})"
    )
    expect(announcer).to_have_text(
        f"New results in: round 4 has {missing - 1} games still to report."
    )

    # The table clock: start the other table's scoresheet, then Tab and Enter/Space only.
    page.goto(f"{base}{reverse('games:create')}?pairing={other.pk}")
    tab_to(page, "main form button[type=submit]:not(.secondary)")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/games/\d+/sheet/"))
    sides = page.locator("#table-clock .clock-side")
    tab_to(page, '#table-clock .clock-side[data-side="0"]')
    page.keyboard.press("Enter")  # the first player's clock starts
    expect(sides.nth(0)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Space")  # done: the second player's clock runs
    expect(sides.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(sides.nth(0)).to_have_attribute("aria-pressed", "false")
    tab_to(page, "#table-clock [data-clock-action=pause]")
    page.keyboard.press("Enter")
    expect(sides.nth(1)).to_have_attribute("aria-pressed", "false")
    tab_to(page, "#id_move")
    page.keyboard.type("8D TRAIN")
    page.keyboard.press("Enter")
    expect(page.locator("#sheet-panel .sheet-table")).to_contain_text("TRAIN")
    expect(page.locator("#id_move")).to_have_value("")  # saved: the box is ready for the next
    assert list(Turn.objects.filter(game__pairing=other).values_list("move", flat=True)) == [
        "8D TRAIN"
    ]
