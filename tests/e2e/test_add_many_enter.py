"""Add many, as a director types it: pressing Enter on the review with duplicates unanswered
says which lines need a choice (the exact match, same name and member id, is already chosen),
and Enter again after choosing enters every row. Screenshots at 390 and 1280 px."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from players.models import Player
from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASTE = "Anna Okafor, NG, N-1\nCy Ng\nBo Li, SG\nDee Roe"


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


@pytest.mark.parametrize("width", [390, 1280])
def test_enter_with_duplicates_unanswered_shows_which_lines_need_a_choice(live_server, page, width):
    director = factories.user("desk")
    division = factories.division(factories.tournament(director=director), name="A", rounds=3)
    anna = factories.player("Anna Okafor", country="NG", member_id="N-1")
    factories.player("Anna Okafor", country="NG")  # a namesake without a member id
    factories.player("Bo Li", country="CN")
    page.set_viewport_size({"width": width, "height": 844})
    log_in(page, live_server.url, "desk")
    url = reverse("tournaments:registration_add_many", args=[division.tournament.slug, "A"])
    page.goto(live_server.url + url)
    page.locator("textarea").fill(PASTE)
    page.get_by_role("button", name="Review").click()
    page.wait_for_load_state()

    expect(page.locator(f"input[name=line_1][value='{anna.pk}']")).to_be_checked()
    page.get_by_role("button", name="Enter 4 rows").focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    alert = page.locator("#unanswered")
    expect(alert).to_be_visible()
    expect(alert).to_have_text(
        "Nothing was entered yet: choose what to do with line 3, marked below."
    )
    expect(page.locator("tr.needs-choice")).to_have_count(1)
    expect(page.locator("tr.needs-choice")).to_contain_text("Choose what to do with this row.")
    expect(page.locator(f"input[name=line_1][value='{anna.pk}']")).to_be_checked()  # kept
    assert division.entries.count() == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / f"add-many-unanswered-{width}.png")

    page.locator("tr.needs-choice").get_by_label("Create a new player").check()
    page.get_by_role("button", name="Enter 4 rows").focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.get_by_text("4 players entered.")).to_be_visible()
    assert list(division.entries.order_by("number").values_list("player__name", flat=True)) == [
        "Anna Okafor",
        "Cy Ng",
        "Bo Li",
        "Dee Roe",
    ]
    assert division.entries.get(number=1).player == anna
    assert Player.objects.filter(name="Bo Li").count() == 2
