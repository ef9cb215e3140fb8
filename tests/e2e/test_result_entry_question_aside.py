"""A question does not stop the whole queue: a Thai play-off tie in the middle of a blind-typed
round asks "Who won the play-off?" while the lines for the other games go on; only a line for
the same game waits behind the question, which says how many wait."""

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tests.e2e.test_thai_scoresheet import PHONE
from tournaments.models import Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES = 8
TIED = 3  # table 3: players 5 and 6


def line_for(table: int) -> str:
    if table == TIED:
        return f"{TIED} 400 400"
    return f"{table} {350 + table} {420 - table}"


def stored(division) -> dict[int, tuple]:
    pairings = Pairing.objects.filter(round__division=division)
    return {p.table: (p.first_score, p.second_score, p.playoff_winner_id) for p in pairings}


def test_a_thai_tie_asks_aside_while_the_later_lines_are_stored(live_server, page, screenshot):
    director = factories.user("thai-typist")
    event = factories.tournament(director=director, slug="thai-round", rules_preset="thai")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 2 * TABLES))
    tied = Pairing.objects.get(round__division=division, table=TIED)
    base = live_server.url
    page.goto(f"{base}/login/")
    page.fill("#id_username", "thai-typist")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(f"{base}/t/thai-round/A/round/1/results/")
    page.locator("#id_line").focus()

    # Blind: the tie third, then the other tables, with a line for the tied game's two players
    # (by their numbers) typed in between: that one is about the same game and waits.
    same_game = "5 402 6 399"
    typed = [line_for(t) for t in range(1, 6)] + [same_game] + [line_for(t) for t in (6, 7, 8)]
    for line in typed:
        page.keyboard.type(line, delay=10)
        page.keyboard.press("Enter")

    question = page.locator("#entry-questions .entry-question")
    expect(question.locator("[data-state=playoff]")).to_contain_text("Who won the play-off?")
    expect(page.locator("#saved-log li")).to_have_count(TABLES - 1, timeout=20_000)
    expect(question.locator(".entry-waiting")).to_have_text(
        f"1 line waits behind this question: {same_game}"
    )
    expect(page.locator("#entry-pending li")).to_have_count(0)
    others = {t: (350 + t, 420 - t, None) for t in range(1, TABLES + 1) if t != TIED}
    assert stored(division) == others | {TIED: (None, None, None)}
    screenshot("results-question-aside-1280")
    page.set_viewport_size(PHONE)
    screenshot("results-question-aside-390")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    blocking = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert blocking == []
    page.set_viewport_size({"width": 1280, "height": 900})

    # The answer saves the tie; then the line that waited goes: it would replace the result
    # just stored, so it asks in turn (Enter in the empty box replaces it).
    winner = tied.second.player.name
    question.get_by_role("button", name=f"{winner} won the play-off").click()
    replace = page.locator("#entry-questions [data-state=confirm]")
    expect(replace).to_contain_text("This game already has a result")
    assert stored(division)[TIED] == (400, 400, tied.second_id)
    expect(page.locator("#entry-questions [data-state=playoff]")).to_have_count(0)
    expect(page.locator("#entry-questions .entry-waiting")).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.locator("#entry-questions [data-state]")).to_have_count(0)
    expect(page.locator("#saved-log li")).to_have_count(TABLES + 1)
    assert stored(division) == others | {TIED: (402, 399, None)}
    assert page.evaluate("Object.keys(localStorage).length") == 0  # nothing left unsaved
