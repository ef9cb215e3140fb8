"""The playoff pages: the public bracket, its feed and printout, and the director's page."""

import io
import json

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.tournaments.division_setup import field
from tests.tournaments.services.test_playoffs import report, swiss
from tournaments.models import Division, Pairing, Round
from tournaments.selectors.divisions import division_results
from tournaments.services import playoffs
from tournaments.services.entries import entry_withdraw

pytestmark = pytest.mark.django_db


def url(division, name="playoff", **extra):
    kwargs = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    return reverse(f"tournaments:{name}", kwargs=kwargs | extra)


def started(director, count=6, top=4, third_place=True):
    division, _ = field(count, director=director, rounds=6)
    swiss(division, rounds=2)
    playoffs.playoff_create(
        by=None, division=division, top=top, best_of=3, third_place=third_place, seed=1
    )
    return Division.objects.get(pk=division.pk)


def test_the_bracket_page_lists_each_series_as_a_table_and_the_places(client, director):
    division = started(director)
    html = client.get(url(division)).content.decode()
    assert html.count('<table class="table playoff-series') == 4  # two semi-finals, final, third
    assert "<caption>Semi-final 1" in html and "<caption>Final" in html
    assert "<caption>Third-place match" in html
    assert html.count('<ol class="playoff-places">') == 1
    assert "not settled yet" in html and "to be decided" in html


def test_a_tie_in_the_bracket_reads_as_every_result_says_it_under_either_tie_rule(client, director):
    # A "home" division gives a tie to who led before the racks: no word was played.
    division, _ = field(4, director=director, rounds=6, rules_preset="home")
    swiss(division, rounds=2)
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    final = Pairing.objects.get(round__division=division, round__number=3)
    report(final, 400, 400, playoff_winner_id=final.second_id)
    html = client.get(url(division)).content.decode()
    assert f"400–400 (tie won by {final.second.player.name})" in html
    assert "play-off word" not in html


def test_a_division_without_a_playoff_has_no_bracket_page(client, director):
    division, _ = field(4, director=director)
    assert client.get(url(division)).status_code == 404
    assert client.get(url(division, "playoff_feed")).status_code == 404


def test_the_playoff_of_a_private_event_is_hidden(client, director, stranger):
    division = started(director)
    division.tournament.is_public = False
    division.tournament.save()
    for name in ("playoff", "playoff_feed"):
        assert client.get(url(division, name)).status_code == 404
    client.force_login(stranger)
    assert client.get(url(division, "playoff")).status_code == 404
    assert client.get(url(division, "playoff_manage")).status_code in (403, 404)
    response = client.get(url(division, "print", report_name="bracket"))
    assert response.status_code == 404


def test_the_feed_carries_the_bracket_and_the_places(client, director):
    division = started(director)
    feed = json.loads(client.get(url(division, "playoff_feed")).content)
    assert feed["settings"] == {
        "top": 4,
        "best_of": 3,
        "final_best_of": 3,
        "advantage": "first_move",
        "third_place": True,
        "after_round": 2,
    }
    semis = feed["levels"][0]["series"]
    assert [s["title"] for s in semis] == ["Semi-final 1", "Semi-final 2"]
    assert [(s["high"]["seed"], s["low"]["seed"]) for s in semis] == [(1, 4), (2, 3)]
    assert feed["third_place"]["high"] is None and feed["finished"] is False
    assert [p["place"] for p in feed["places"]] == [1, 2, 3, 4]


def test_the_bracket_pdf_holds_the_series_and_places_as_text(client, director):
    division = started(director)
    response = client.get(url(division, "print", report_name="bracket"))
    text = " ".join(
        " ".join(
            page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages
        ).split()
    )
    assert "playoff" in text and "Semi-final 1" in text and "Third-place match" in text
    assert "Places" in text and "best of 3" in text


def test_the_director_starts_pairs_and_cancels_the_playoff(client, director):
    division, _ = field(6, director=director, rounds=6)
    swiss(division, rounds=2)
    client.force_login(director)
    assert client.get(url(division, "playoff_manage")).status_code == 200
    bad = client.post(
        url(division, "playoff_manage"), {"top": 7, "best_of": 3, "advantage": "none"}
    )
    assert bad.status_code == 422 and "Only 6 players can play" in bad.content.decode()
    data = {"top": 4, "best_of": 3, "advantage": "head_start", "action": "start"}
    assert client.post(url(division, "playoff_manage"), data).status_code == 302
    assert Round.objects.filter(division=division, system="playoff").count() == 1
    waiting = client.post(url(division, "playoff_manage"), {"action": "next"}, follow=True)
    assert "waiting for a result" in waiting.content.decode()
    for p in Pairing.objects.filter(round__number=3, round__division=division):
        report(p, 400, 300)
    # Under a head start a higher seed's first win decides; the first player of each game 1 is
    # drawn, so some series may still go on.
    client.post(url(division, "playoff_manage"), {"action": "next"})
    assert client.post(url(division, "playoff_manage"), {"action": "cancel"}).status_code == 302
    assert Division.objects.get(pk=division.pk).playoff != {}  # refused: results are in


def test_the_bracket_seeds_the_next_player_in_place_of_one_withdrawn_after_the_last_round(
    client, director
):
    division, entries = field(6, director=director, rounds=6)
    swiss(division, rounds=2)
    order = [r.player for r in division_results(division).standings()]
    leader = next(e for e in entries if e.number == order[0])
    entry_withdraw(by=director, entry=leader, after_round=2)
    client.force_login(director)
    data = {"top": 4, "best_of": 3, "advantage": "first_move", "action": "start"}
    assert client.post(url(division, "playoff_manage"), data).status_code == 302
    feed = json.loads(client.get(url(division, "playoff_feed")).content)
    semis = feed["levels"][0]["series"]
    assert [(s["high"]["number"], s["low"]["number"]) for s in semis] == [
        (order[1], order[4]),
        (order[2], order[3]),
    ]
    assert [p["number"] for p in feed["places"]] == order[1:5]
    html = client.get(url(division)).content.decode()
    assert f'<th scope="row">{leader.player.name}</th>' not in html
    assert html.count('<th scope="row">') == 4


def test_pages_run_a_fixed_number_of_queries(client, director, django_assert_max_num_queries):
    small = started(director, count=6)
    large = started(director, count=40, top=8)
    for division in (small, large):
        for name in ("playoff", "playoff_feed"):
            with django_assert_max_num_queries(8):
                assert client.get(url(division, name)).status_code == 200
