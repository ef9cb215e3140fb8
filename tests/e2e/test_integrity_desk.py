"""The integrity desk in a browser: a director sees the flags of an event with planted anomalies
on a phone (360 px, nothing scrolls sideways, no serious or critical axe-core violation) and
dismisses one with a note."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from bench.sheet_event import plan_event, save_event
from bench.sheet_plants import plant_move_score, plant_quick_run
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import BLOCKING, axe_violations

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_director_reads_and_dismisses_a_flag_on_a_phone(live_server, page):
    planned = plan_event(4, 1, seed=2)
    for plant, table in zip((plant_move_score, plant_quick_run), planned.tables, strict=True):
        plant(table)
    event = save_event(planned)
    director = get_user_model().objects.get(pk=event.director.pk)
    director.set_password("a long test password")
    director.save()
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", director.username)
    page.fill("#id_password", "a long test password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    page.goto(live_server.url + reverse("games:integrity", args=[event.tournament.slug]))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / "integrity-desk-360.png")
    assert page.get_by_text("A flag is not an accusation.").is_visible()
    assert not page.evaluate("document.documentElement.scrollWidth > innerWidth")
    assert [v for v in axe_violations(page) if v["impact"] in BLOCKING] == []
    page.get_by_text("Dismiss with a note").first.click()
    page.get_by_label("Why this needs nothing more").first.fill("Checked with both players.")
    page.get_by_role("button", name="Dismiss", exact=True).first.click()
    page.wait_for_load_state()
    assert page.get_by_text("The flag is dismissed, with your note.").is_visible()
    assert page.get_by_text("Checked with both players.").is_visible()
