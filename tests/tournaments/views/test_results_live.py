"""The result entry page's live parts: late arrivals (with the exact moment no-shows may be
recorded), missing games and all tables refresh on their own, every few seconds and at that
moment, without a reload."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from core.formatting import fmt_time_exact
from tests import factories
from tournaments.selectors.lateness import MAX_WAIT_MS, late_arrivals
from tournaments.services import lateness
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db
START = datetime.datetime(2026, 3, 7, 10, 0, 0, tzinfo=datetime.UTC)
FIFTEEN = datetime.timedelta(minutes=15)
MS = datetime.timedelta(milliseconds=1)


@pytest.fixture
def round_(director):
    """Two tables and a bye under the Thai rules (15 minutes late forfeits)."""
    event = factories.tournament(director=director, rules_preset="thai")
    division = factories.division(event, name="A")
    return factories.round_with_pairings(division, factories.entries(division, 5))


def urls(round_) -> tuple[str, str]:
    args = [round_.division.tournament.slug, "A", round_.number]
    return reverse("tournaments:results", args=args), reverse("tournaments:results_live", args=args)


def start(round_, director, at: datetime.datetime) -> None:
    lateness.round_start(by=director, round_id=round_.pk, now=at)
    round_.refresh_from_db()


@pytest.mark.parametrize(("language", "shown"), [("en", "10:02:03"), ("ja", "10:02:03")])
def test_the_exact_time_is_shown_to_the_second(language, shown):
    with translation.override(language):
        assert fmt_time_exact(datetime.datetime(2026, 3, 7, 10, 2, 3, tzinfo=datetime.UTC)) == shown
        assert fmt_time_exact(None) == ""


def test_the_wait_until_no_shows_is_counted_to_the_millisecond_on_both_sides(round_, director):
    start(round_, director, START)
    from_ = START + FIFTEEN
    just_before = late_arrivals(round_, from_ - MS)
    assert (just_before.may_record_no_show, just_before.ms_to_no_show) == (False, 1)
    at_the_moment = late_arrivals(round_, from_)
    assert (at_the_moment.may_record_no_show, at_the_moment.ms_to_no_show) == (True, None)
    long_before = late_arrivals(round_, START)
    assert long_before.ms_to_no_show == 15 * 60 * 1000
    assert late_arrivals(round_, START - datetime.timedelta(hours=2)).ms_to_no_show == MAX_WAIT_MS


def test_the_page_says_the_exact_moment_and_asks_to_refresh_itself_then(client, round_, director):
    started_at = timezone.now().replace(microsecond=0) - FIFTEEN + datetime.timedelta(seconds=63)
    start(round_, director, started_at)
    client.force_login(director)
    entry, live = urls(round_)
    page = client.get(entry).text
    exact = fmt_time_exact(started_at + FIFTEEN)
    assert len(exact) == 8 and f"No-shows can be recorded from {exact}." in page
    assert "No-show:" not in page
    assert f'hx-get="{live}" hx-trigger="every 15s" hx-swap="none"' in page
    assert f'hx-get="{live}" hx-trigger="load delay:' in page


def test_the_live_parts_show_no_show_buttons_once_the_minutes_have_passed(client, round_, director):
    start(round_, director, timezone.now() - FIFTEEN - datetime.timedelta(seconds=1))
    client.force_login(director)
    _, live = urls(round_)
    response = client.get(live, headers={"HX-Request": "true"})
    assert response.status_code == 200
    text = response.text
    for part in ("late", "missing", "round-results"):
        assert f'<div id="{part}" hx-swap-oob="true">' in text
    assert text.count("No-show: ") == 4  # two tables not yet started, two players each
    assert "load delay:" not in text  # nothing left to wait for


def test_the_live_parts_show_a_result_saved_elsewhere(client, round_, director):
    client.force_login(director)
    _, live = urls(round_)
    pairing = round_.pairings.get(table=1)
    result_services.result_record(
        by=director, pairing_id=pairing.pk, first_score=412, second_score=399, expected_version=0
    )
    text = client.get(live).text
    assert ">412</td>" in text and ">399</td>" in text
    assert "1 game still missing" in text


def test_the_live_parts_are_read_only_and_for_the_event_s_staff(client, round_, director, stranger):
    _, live = urls(round_)
    client.force_login(director)
    assert client.post(live).status_code == 405
    client.force_login(stranger)
    assert client.get(live).status_code == 403


@pytest.mark.parametrize("players", [3, 41])
def test_the_live_parts_queries_do_not_grow(
    client, director, django_assert_max_num_queries, players
):
    event = factories.tournament(director=director, rules_preset="thai")
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, players))
    start(round_, director, timezone.now() - FIFTEEN - FIFTEEN)
    client.force_login(director)
    _, live = urls(round_)
    client.get(live)  # the event's language, cached
    with django_assert_max_num_queries(8):
        assert client.get(live).status_code == 200
