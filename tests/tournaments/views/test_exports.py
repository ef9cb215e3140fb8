"""The event's tourney.js (public, kept under the public stamps) and the directors' rating files."""

import gzip

import pytest
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.tournaments.exports_world import NASPA, TOU, TOURNEY_JS, example_event
from tournaments.models import Entry, Pairing, Round
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def url(name: str, slug: str = "example-open") -> str:
    return reverse(f"tournaments:{name}", kwargs={"tournament_slug": slug})


@pytest.fixture
def director():
    return factories.user("director")


@pytest.fixture
def event(director):
    return example_event(director=director)


def test_tourney_js_is_served_as_javascript_to_anyone(client, event):
    response = client.get(url("tourney_js"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response.content.decode() == TOURNEY_JS
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "public" in response["Cache-Control"] and "max-age=10" in response["Cache-Control"]


def test_tourney_js_is_gzipped_for_who_accepts_it(client, event):
    response = client.get(url("tourney_js"), headers={"accept-encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).decode() == TOURNEY_JS
    again = client.get(
        url("tourney_js"), headers={"accept-encoding": "gzip", "if-none-match": response["ETag"]}
    )
    assert again.status_code == 304


def test_tourney_js_answers_304_to_its_etag(client, event):
    etag = client.get(url("tourney_js"))["ETag"]
    response = client.get(url("tourney_js"), headers={"if-none-match": etag})
    assert (response.status_code, response.content) == (304, b"")


def test_tourney_js_follows_every_result(client, event, director):
    first = client.get(url("tourney_js"))
    client.get(url("tourney_js"))  # the stamps are kept from here on
    game = Pairing.objects.get(round__number=3, table=1)
    result_record(
        by=director, pairing_id=game.pk, first_score=430, second_score=399, expected_version=None
    )
    second = client.get(url("tourney_js"), headers={"if-none-match": first["ETag"]})
    assert second.status_code == 200 and second["ETag"] != first["ETag"]
    text = second.content.decode()
    assert '"pairings":[2,0,3],"scores":[412,50,430]' in text
    assert '"pairings":[4,2,1],"scores":[401,372,399]' in text


def test_private_event_has_no_tourney_js_even_for_its_director(client, director):
    example_event(director=director, is_public=False, slug="hidden")
    assert client.get(url("tourney_js", "hidden")).status_code == 404
    client.force_login(director)
    assert client.get(url("tourney_js", "hidden")).status_code == 404
    assert client.get(url("tourney_js", "no-such-event")).status_code == 404


def test_event_made_private_stops_its_tourney_js(client, event, director):
    from tournaments.services.events import tournament_update

    assert client.get(url("tourney_js")).status_code == 200
    assert client.get(url("tourney_js")).status_code == 200
    tournament_update(by=director, tournament=event, is_public=False)
    assert client.get(url("tourney_js")).status_code == 404


def big_event(players: int, slug: str):
    event = factories.tournament(slug=slug)
    division = factories.division(event, name="A", rounds=3)
    entries = factories.entries(division, players)
    for number in (1, 2):
        factories.round_with_pairings(division, entries, number)
    Pairing.objects.filter(round__division=division, second__isnull=False).update(
        first_score=400, second_score=350
    )
    Round.objects.create(division=division, number=3)
    # as the pairing service stamps a round (the public stamp reads it)
    Round.objects.filter(division=division).update(paired_at=timezone.now())
    return event


@pytest.mark.parametrize("players", [6, 60])
def test_tourney_js_queries_do_not_grow_with_players(
    client, players, django_assert_max_num_queries
):
    big_event(players, f"big-{players}")
    # 8: the 7 of the event's files and one a division for the results a broadcast delay holds
    # back (selectors.held); the same for 6 players and 60.
    with django_assert_max_num_queries(8):
        assert client.get(url("tourney_js", f"big-{players}")).status_code == 200
    client.get(url("tourney_js", f"big-{players}"))
    with django_assert_max_num_queries(0):
        assert client.get(url("tourney_js", f"big-{players}")).status_code == 200


def test_director_downloads_tou_and_naspa(client, event, director):
    client.force_login(director)
    tou = client.get(url("export_tou"))
    assert (tou.status_code, tou["Content-Type"]) == (200, "text/plain; charset=us-ascii")
    assert tou["Content-Disposition"] == 'attachment; filename="example-open.tou"'
    assert tou.content == TOU.encode("ascii")
    naspa = client.get(url("export_naspa"))
    assert (naspa.status_code, naspa["Content-Type"]) == (200, "text/plain; charset=utf-8")
    assert naspa["Content-Disposition"] == 'attachment; filename="example-open-naspa.tsh"'
    assert naspa.content.decode() == NASPA


@pytest.mark.parametrize("name", ["export_tou", "export_naspa"])
def test_rating_files_are_for_directors_only(client, event, name):
    response = client.get(url(name))
    assert response.status_code == 302 and "/login/" in response["Location"]
    client.force_login(factories.user("visitor"))
    assert client.get(url(name)).status_code in (403, 404)


def test_tou_refused_for_a_score_it_cannot_hold(client, event, director):
    Pairing.objects.filter(round__number=1, table=1).update(first_score=1000)
    client.force_login(director)
    response = client.get(url("export_tou"), follow=True)
    assert response.redirect_chain == [(url("detail"), 302)]
    assert "A .tou file holds scores from 0 to 999 only" in response.content.decode()


def test_event_page_links_the_files(client, event, director):
    page = client.get(url("detail")).content.decode()
    assert url("tourney_js") in page and url("export_tou") not in page
    client.force_login(director)
    page = client.get(url("detail")).content.decode()
    assert all(url(name) in page for name in ("tourney_js", "export_tou", "export_naspa"))


def test_private_event_page_does_not_link_tourney_js(client, director):
    example_event(director=director, is_public=False, slug="hidden")
    client.force_login(director)
    page = client.get(url("detail", "hidden")).content.decode()
    assert url("tourney_js", "hidden") not in page and url("export_tou", "hidden") in page


def test_late_entry_without_a_pairing_yet_is_in_the_file(client, event):
    Entry.objects.create(
        division=event.divisions.get(), player=factories.player("Nia Newcomer"), number=7
    )
    text = client.get(url("tourney_js")).content.decode()
    # the sort name the player got (Surname, Given), a rating of 0, no round played yet
    assert '{"id":7,"name":"Newcomer, Nia","rating":0,"pairings":[0,0,0],"scores":[0,0,0]' in text
