"""Hall screens: the pairings by name for a big screen, and the results still missing."""

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import Pairing
from tournaments.selectors.hall import PAGE_ROWS
from tournaments.selectors.rounds import missing_results
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def url(division, name: str, page: str | None = None) -> str:
    path = reverse(f"tournaments:{name}", args=[division.tournament.slug, division.name])
    return f"{path}?page={page}" if page is not None else path


@pytest.fixture
def division(event):
    event.is_public = True
    event.save(update_fields=["is_public"])
    division = factories.division(event, name="A")
    entries = factories.entries(division, PAGE_ROWS + 1)  # an odd field: one bye
    factories.round_with_pairings(division, entries)
    return division


def test_the_first_page_shows_a_screenful_by_name_and_refreshes_to_the_second(client, division):
    response = client.get(url(division, "hall"))
    rows = response.context["hall"].rows
    assert len(rows) == PAGE_ROWS
    assert [r.name for r in rows] == sorted((r.name for r in rows), key=str.casefold)
    page = response.content.decode()
    assert f'data-hall-next="{url(division, "hall", "2")}" data-hall-seconds="12"' in page
    assert "Page 1 of 2" in page
    assert "<script>" not in page and "desk/hall.js" in page


def test_the_last_page_shows_the_rest_and_turns_back_to_the_first(client, division):
    response = client.get(url(division, "hall", "2"))
    assert len(response.context["hall"].rows) == 1
    assert f'data-hall-next="{url(division, "hall", "1")}"' in response.content.decode()


@pytest.mark.parametrize("page", ["3", "0", "x", "99999999999"])
def test_a_page_out_of_range_shows_the_first(client, division, page):
    response = client.get(url(division, "hall", page))
    assert response.status_code == 200
    assert response.context["hall"].page == 1


def test_a_private_event_has_no_hall_screen_for_visitors(client, division):
    division.tournament.is_public = False
    division.tournament.save(update_fields=["is_public"])
    assert client.get(url(division, "hall")).status_code == 404


def test_the_missing_screen_lists_games_without_a_result(client, director, division):
    done = Pairing.objects.get(round__division=division, table=1)
    done.first_score, done.second_score = 400, 300
    done.save()
    client.force_login(director)
    response = client.get(url(division, "hall_missing"))
    tables = [game.table for game in response.context["games"]]
    assert tables == list(range(2, PAGE_ROWS // 2 + 1))
    page = response.content.decode()
    assert f'data-hall-next="{url(division, "hall_missing")}" data-hall-seconds="20"' in page


def report(director, pairing, first_score=400, second_score=300):
    result_record(
        by=director,
        pairing_id=pairing.pk,
        first_score=first_score,
        second_score=second_score,
        expected_version=None,
        confirm_unusual=True,
    )


def two_rounds(event, director, missing: set[tuple[int, int]]):
    """Four players, rounds 1 and 2 paired at tables 1 and 2; every game but ``missing``
    (round, table) reported."""
    division = factories.division(event, name="C", rounds=3)
    a, b, c, d = factories.entries(division, 4)
    factories.round_with_pairings(division, [a, b, c, d], number=1)
    factories.round_with_pairings(division, [a, c, b, d], number=2)  # paired before 1 is in
    for pairing in Pairing.objects.filter(round__division=division).select_related("round"):
        if (pairing.round.number, pairing.table) not in missing:
            report(director, pairing)
    return division


def test_the_missing_screen_lists_a_game_of_an_earlier_round_with_that_round(
    client, director, event
):
    division = two_rounds(event, director, missing={(1, 2)})
    assert missing_results(division, 2) == {1: ["2"]}
    client.force_login(director)
    response = client.get(url(division, "hall_missing"))
    games = [(game.round.number, game.table) for game in response.context["games"]]
    assert games == [(1, 2)]
    page = response.content.decode()
    assert "Every result is in." not in page
    assert "<h1>Results still missing: C, round 1</h1>" in page
    assert '<th scope="col" class="table-number">Round</th>' not in page


def test_the_missing_screen_gives_each_game_its_round_when_several_rounds_miss_one(
    client, director, event
):
    division = two_rounds(event, director, missing={(1, 2), (2, 1), (2, 2)})
    client.force_login(director)
    response = client.get(url(division, "hall_missing"))
    games = [(game.round.number, game.table) for game in response.context["games"]]
    assert games == [(1, 2), (2, 1), (2, 2)]
    page = response.content.decode()
    assert "<h1>Results still missing: C</h1>" in page
    assert '<th scope="col" class="table-number">Round</th>' in page
    assert '<td class="table-number">1</td><td class="table-number">2</td>' in page
    assert "3 games" in page and "Every result is in." not in page


def test_the_missing_screen_says_every_result_is_in_only_when_every_round_is(
    client, director, event
):
    division = two_rounds(event, director, missing=set())
    client.force_login(director)
    page = client.get(url(division, "hall_missing")).content.decode()
    assert "<h1>Results still missing: C, round 2</h1>" in page
    assert "Every result is in." in page


def test_the_missing_screen_is_for_the_people_running_the_event(client, stranger, division):
    client.force_login(stranger)
    assert client.get(url(division, "hall_missing")).status_code == 403
    client.logout()
    assert client.get(url(division, "hall_missing")).status_code == 302


@pytest.mark.parametrize("players", [6, 80])
def test_hall_queries_do_not_grow(client, director, event, players, django_assert_max_num_queries):
    division = factories.division(event, name="B")
    entries = factories.entries(division, players)
    factories.round_with_pairings(division, entries)
    factories.round_with_pairings(division, entries[::-1], number=2)  # both rounds missing
    client.force_login(director)
    with django_assert_max_num_queries(8):
        assert client.get(url(division, "hall")).status_code == 200
    with django_assert_max_num_queries(8):
        response = client.get(url(division, "hall_missing"))
    assert len(response.context["games"]) == players  # half as many in each of the two rounds


def event_hall(event, page: str | None = None) -> str:
    path = reverse("tournaments:event_hall", args=[event.slug])
    return f"{path}?page={page}" if page is not None else path


def test_the_event_screen_shows_every_divisions_latest_round_by_name(client, event):
    event.is_public = True
    event.save(update_fields=["is_public"])
    for name in ("A", "B"):
        division = factories.division(event, name=name)
        entries = factories.entries(division, 4)
        factories.round_with_pairings(division, entries)
        factories.round_with_pairings(division, entries[::-1], number=2)
    response = client.get(event_hall(event))
    rows = response.context["hall"].rows
    assert len(rows) == 8
    assert [r.name for r in rows] == sorted((r.name for r in rows), key=str.casefold)
    # Round 2 reversed the order: #4 meets #3 at table 1.
    assert {(r.division, r.number, r.table) for r in rows if r.number == 4} == {
        ("A", 4, 1),
        ("B", 4, 1),
    }
    assert '<th scope="col">Division</th>' in response.content.decode()


def test_a_private_event_has_no_event_screen_for_visitors(client, event):
    event.is_public = False
    event.save(update_fields=["is_public"])
    assert client.get(event_hall(event)).status_code == 404


@pytest.mark.parametrize("players", [6, 80])
def test_the_event_screen_queries_do_not_grow(
    client, director, event, players, django_assert_max_num_queries
):
    for name in ("A", "B", "C"):
        division = factories.division(event, name=name)
        factories.round_with_pairings(division, factories.entries(division, players))
    client.force_login(director)
    with django_assert_max_num_queries(8):
        assert client.get(event_hall(event, "2")).status_code == 200


def test_a_paused_screen_stays_on_its_page(client, division):
    page = client.get(url(division, "hall", "2") + "&still=1").content.decode()
    assert "data-hall-next" not in page
    assert f'href="{url(division, "hall", "2")}">Resume</a>' in page
