"""A fast director types the next result while the last one is still being saved."""

import time

import pytest

from tests import factories
from tournaments.models import Pairing
from tournaments.services import result_lines

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_next_line_typed_during_a_save_is_kept_and_previewed(
    live_server, page, monkeypatch, screenshot
):
    director = factories.user("fast-director")
    event = factories.tournament(director=director, slug="typing-ahead")
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 4))
    real_record = result_lines.result_record

    def slow_record(**kwargs):
        time.sleep(1.0)  # the live server answers slowly, as on a busy venue network
        return real_record(**kwargs)

    monkeypatch.setattr(result_lines, "result_record", slow_record)

    base = live_server.url
    page.goto(f"{base}/login/")
    page.fill("#id_username", "fast-director")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(f"{base}/t/typing-ahead/A/round/1/results/")

    line = page.locator("#id_line")
    line.fill("1 420 380")
    page.get_by_text("Enter saves.").wait_for()
    line.press("Enter")
    line.fill("2 399 401")  # typed while the first save is still on its way
    # The save lands in the "saved just now" list; the line typed meanwhile stays and is previewed.
    page.locator("#saved-log li", has_text="Table 1").wait_for()
    assert line.input_value() == "2 399 401"
    page.locator("#entry-feedback", has_text="Enter saves.").wait_for()
    line.press("Enter")
    page.locator("#saved-log li", has_text="Table 2").wait_for()
    assert line.input_value() == ""
    screenshot("results-typing-ahead")
    scores = Pairing.objects.filter(round__division=division).order_by("table")
    assert [(p.first_score, p.second_score) for p in scores] == [(420, 380), (399, 401)]
