"""A fast director types the next result while the last one is still being saved."""

import threading

import pytest
from playwright.sync_api import expect

from tests import factories
from tournaments.models import Pairing
from tournaments.services import result_lines

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def open_entry_page(page, base: str, slug: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", "fast-director")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(f"{base}/t/{slug}/A/round/1/results/")


def scores(division) -> list[tuple]:
    pairings = Pairing.objects.filter(round__division=division).order_by("table")
    return [(p.table, p.first_score, p.second_score) for p in pairings]


def test_enter_empties_the_box_at_once_and_lines_typed_during_a_save_are_saved_in_turn(
    live_server, page, monkeypatch, screenshot
):
    director = factories.user("fast-director")
    event = factories.tournament(director=director, slug="typing-ahead")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 6))
    real_record = result_lines.result_record
    answer = threading.Event()  # the test says when the live server answers

    def slow_record(**kwargs):
        answer.wait(timeout=60)  # a slow answer, as on a busy venue network
        return real_record(**kwargs)

    monkeypatch.setattr(result_lines, "result_record", slow_record)
    open_entry_page(page, live_server.url, "typing-ahead")

    line = page.locator("#id_line")
    line.fill("1 420 380")
    page.get_by_text("Enter saves.").wait_for()
    line.press("Enter")
    assert line.input_value() == ""  # ready for the next line before the save is back
    expect(page.locator("#entry-pending li")).to_have_text(["1 420 380"])
    line.type("2 399 401")  # typed while the first save is still on its way
    line.press("Enter")
    line.type("3 410 37")  # half typed when both are saved
    answer.set()
    expect(page.locator("#saved-log li")).to_have_count(2, timeout=10_000)
    assert line.input_value() == "3 410 37"
    expect(page.locator("#entry-pending li")).to_have_count(0)
    screenshot("results-typing-ahead")
    assert scores(division) == [(1, 420, 380), (2, 399, 401), (3, None, None)]


def test_a_question_waits_aside_while_the_next_lines_go_on_and_nothing_is_dropped(
    live_server, page
):
    director = factories.user("fast-director")
    event = factories.tournament(director=director, slug="typing-held")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 6))
    open_entry_page(page, live_server.url, "typing-held")
    line = page.locator("#id_line")

    for typed in ("1 95 380", "2 399 401"):
        line.type(typed)
        line.press("Enter")
    question = page.locator("#entry-questions [data-state=unusual]")
    expect(question).to_contain_text("A score of 95 is unusually low.")
    expect(page.locator("#saved-log li")).to_have_count(1)  # the next line went on
    expect(page.locator("#entry-pending li")).to_have_count(0)
    assert scores(division)[:2] == [(1, None, None), (2, 399, 401)]
    expect(line).to_be_focused()
    line.press("Enter")  # the empty box: Enter is "Save anyway"
    expect(page.locator("#saved-log li")).to_have_count(2)
    expect(question).to_have_count(0)
    assert scores(division) == [(1, 95, 380), (2, 399, 401), (3, None, None)]

    line.type("33 400 300")  # no table 33: refused, and back in the box to correct
    line.press("Enter")
    expect(page.locator("#entry-answer [data-state=error]")).to_be_visible()
    expect(line).to_have_value("33 400 300")

    line.fill("1 300 380")  # table 1 has a result: replacing it unseen asks first
    line.press("Enter")
    expect(page.locator("#entry-questions [data-state=confirm]")).to_contain_text(
        "This game already has a result"
    )
    line.type("3 410 370")  # typed on: another game, saved while the question waits
    line.press("Enter")
    expect(page.locator("#saved-log li")).to_have_count(3)
    expect(page.locator("#entry-questions [data-state=confirm]")).to_be_visible()
    page.get_by_role("button", name="Skip this line").click()
    expect(page.locator("#entry-questions [data-state]")).to_have_count(0)
    expect(line).to_have_value("1 300 380")  # the skipped line is back to correct or drop
    expect(page.locator("#entry-feedback")).to_contain_text("already has a result")
    assert scores(division) == [(1, 95, 380), (2, 399, 401), (3, 410, 370)]
