"""The JSON feed of a division: pairings with results, standings, cached like the pages."""

import pytest
from django.urls import reverse

from tests.tournaments import reports_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def feed_url():
    reports_world.build()
    return reverse(
        "tournaments:feed", kwargs={"tournament_slug": "spring-open", "division_name": "A"}
    )


def test_feed_gives_the_latest_round_and_standings(client, feed_url):
    response = client.get(feed_url)
    assert response["Content-Type"] == "application/json"
    assert response["Access-Control-Allow-Origin"] == "*"
    data = response.json()
    assert data["tournament"] == {"name": "Spring Open", "slug": "spring-open"}
    assert data["division"] == {"name": "A", "rounds": 5}
    assert data["round"] == 3 and data["rounds_paired"] == [1, 2, 3]
    assert data["round_complete"] is False
    assert data["pairings"][1] == {
        "table": 2,
        "first": {"number": 4, "name": "สมชาย ใจดี"},
        "second": {"number": 2, "name": "王小明"},
        "sides_known": True,
        "kind": "played",
        "first_score": None,
        "second_score": None,
        "forfeited_by": None,
        "playoff_winner": None,
    }
    top = data["standings"][0]
    assert top == {
        "rank": 1,
        "number": 4,
        "name": "สมชาย ใจดี",
        "wins": 1.5,
        "losses": 0.5,
        "spread": 51,
        "games": 2,
        "rating": 1500,
        "withdrawn": False,
    }


def test_feed_of_an_earlier_round_carries_its_results(client, feed_url):
    data = client.get(feed_url, {"round": 1}).json()
    assert data["round"] == 1 and data["round_complete"] is True
    assert [
        (p["first"]["number"], p["first_score"], p["second_score"]) for p in data["pairings"]
    ] == [
        (1, 420, 380),
        (3, 350, 401),
        (5, 600, 300),
    ]


def test_feed_is_utf8_json_not_escaped(client, feed_url):
    assert "王小明".encode() in client.get(feed_url).content


def test_feed_answers_304_to_a_known_etag(client, feed_url):
    etag = client.get(feed_url)["ETag"]
    assert client.get(feed_url, headers={"If-None-Match": etag}).status_code == 304


def test_bad_round_is_not_found(client, feed_url):
    assert client.get(feed_url, {"round": "x"}).status_code == 404


def test_feed_names_the_playoff_winner_the_standings_count(client, feed_url):
    # Round 3's #4 v #2 tied on the board, #2 won the play-off word: a win in the standings.
    from tournaments.models import Pairing

    game = Pairing.objects.get(round__number=3, table=2)
    Pairing.objects.filter(pk=game.pk).update(
        first_score=400, second_score=400, playoff_winner=game.second
    )
    data = client.get(feed_url).json()
    line = data["pairings"][1]
    assert (line["first_score"], line["second_score"], line["playoff_winner"]) == (400, 400, 2)
    second = next(row for row in data["standings"] if row["number"] == 2)
    first = next(row for row in data["standings"] if row["number"] == 4)
    assert (second["wins"], second["losses"]) == (2.0, 1.0)  # the tie counts as #2's win
    assert (first["wins"], first["losses"]) == (1.5, 1.5)  # and as #4's loss


def test_feed_marks_a_withdrawn_player(client, feed_url):
    from tournaments.models import Entry

    Entry.objects.filter(number=6).update(withdrawn_after_round=2)
    rows = client.get(feed_url).json()["standings"]
    assert [row["number"] for row in rows if row["withdrawn"]] == [6]


def test_a_round_not_paired_is_not_complete(client, feed_url):
    data = client.get(feed_url, {"round": 4}).json()
    assert (data["round"], data["pairings"], data["round_complete"]) == (4, [], False)
