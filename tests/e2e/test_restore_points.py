"""A director on a phone puts an event back to a restore point and then undoes the restore."""

import pytest
from playwright.sync_api import expect

from tests import factories
from tournaments.models import Pairing
from tournaments.services import results, rounds

from .test_director_flow import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def scores(event) -> list:
    games = Pairing.objects.filter(round__division__tournament=event).order_by("table")
    return [(p.first_score, p.second_score) for p in games]


def restore_in_place(page, what: str) -> None:
    page.get_by_role("row").filter(has_text=what).first.get_by_role("link", name="Restore…").click()
    page.get_by_label("Replace the event as it is now with this restore point").check()
    page.get_by_role("button", name="Restore in place").click()
    page.wait_for_load_state()


def test_a_director_restores_the_round_as_paired_and_undoes_it(live_server, page, screenshot):
    director = factories.user("director1")
    event = factories.tournament("Phone Open", director=director, slug="phone-open")
    division = factories.division(event, name="A", rounds=3)
    factories.entries(division, 4)
    rounds.round_pair(by=director, division=division, round_number=1, seed=7)
    for pairing in Pairing.objects.filter(round__division=division).order_by("table"):
        results.result_record(
            by=director, pairing_id=pairing.pk, first_score=400, second_score=350,
            expected_version=None,
        )  # fmt: skip
    page.set_viewport_size({"width": 360, "height": 800})
    log_in(page, live_server.url, "director1")

    page.goto(f"{live_server.url}/t/phone-open/")
    expect(page.get_by_text("Round complete: division A, round 1")).to_be_visible()
    page.get_by_role("link", name="All restore points, download and restore").click()
    restore_in_place(page, "Round paired: division A, round 1")
    expect(page.get_by_text("The event is back as it was at")).to_be_visible()
    screenshot("restore-points-phone")
    assert scores(event) == [(None, None), (None, None)]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    restore_in_place(page, "Before a restore")
    expect(page.get_by_text("The event is back as it was at")).to_be_visible()
    assert scores(event) == [(400, 350), (400, 350)]
