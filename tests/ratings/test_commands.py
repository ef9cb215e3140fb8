"""`manage.py rate` and `manage.py ratings`, and the end-to-end path from results to a list."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from core.models import AuditEntry
from ratings.models import PlayerRating, RatingEvent
from ratings.services import rating_list_create, rating_seed
from tests import factories
from tests.ratings.rating_world import played_division
from tournaments.results.formatting import display_width

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def one_game_list():
    anna, ben = factories.player("Anna Arden"), factories.player("Ben Bell")
    national = rating_list_create(by=None, name="National List")
    for player in (anna, ben):
        rating_seed(by=None, rating_list=national, player=player, rating=1500.0, games=0)
    division = played_division([anna, ben], [[(1, 2, 420, 380)]])
    return national, division.tournament


def test_rate_command_rates_and_ratings_prints_exact_json(one_game_list):
    national, event = one_game_list
    assert run("rate", event.slug, "--list", "National List") == (
        f"Rated {event.name} into National List: 2 players in 1 divisions.\n"
    )
    assert run("ratings", national.slug, "--format", "json") == (
        "[\n"
        '  {\n    "name": "Anna Arden",\n    "rating": 1525,\n    "games": 1,\n'
        '    "provisional": false\n  },\n'
        '  {\n    "name": "Ben Bell",\n    "rating": 1486,\n    "games": 1,\n'
        '    "provisional": false\n  }\n'
        "]\n"
    )
    assert AuditEntry.objects.get(action="tournament.rate").actor is None


def test_ratings_command_text_and_csv(one_game_list):
    national, event = one_game_list
    run("rate", event.slug, "--list", national.slug)
    assert run("ratings", "national list", "--format", "csv") == (
        "name,rating,games,provisional\nAnna Arden,1525,1,False\nBen Bell,1486,1,False\n"
    )
    assert run("ratings", national.slug).splitlines() == [
        "   1  Anna Arden   1525      1",
        "   2  Ben Bell     1486      1",
    ]


def test_rate_command_errors_are_clear_and_change_nothing(one_game_list):
    national, event = one_game_list
    with pytest.raises(CommandError, match="No tournament has the slug “nope”."):
        run("rate", "nope", "--list", national.slug)
    with pytest.raises(CommandError, match="No rating list called Elsewhere"):
        run("rate", event.slug, "--list", "Elsewhere")
    run("rate", event.slug, "--list", national.slug)
    with pytest.raises(CommandError, match="already rated on National List"):
        run("rate", event.slug, "--list", national.slug)
    assert RatingEvent.objects.count() == 1


def test_from_imported_results_to_a_published_list():
    """Results entered for a two-division event, rated with `rate`, printed with `ratings`."""
    players = [factories.player(name) for name in ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")]
    national = rating_list_create(by=None, name="National")
    rating_seed(by=None, rating_list=national, player=players[0], rating=1800.0, games=200)
    event = factories.tournament("Spring Open")
    played_division(
        players[:4],
        [
            [(1, 2, 450, 300), (3, 4, 380, 381)],
            [(1, 3, 410, 400), (4, 2, 350, 352)],
            [(1, 4, 300, 420), (2, 3, 399, 399)],
        ],
        event=event,
        name="A",
    )
    played_division(players[4:], [[(1, 2, 390, 370)], [(2, 1, 500, 200)]], event=event, name="B")
    assert run("rate", event.slug, "--list", "national") == (
        "Rated Spring Open into National: 6 players in 2 divisions.\n"
    )
    listed = json.loads(run("ratings", "national", "--format", "json"))
    stored = {
        row.player.name: (row.published, row.games)
        for row in PlayerRating.objects.filter(rating_list=national).select_related("player")
    }
    assert {r["name"]: (r["rating"], r["games"]) for r in listed} == stored
    assert [r["rating"] for r in listed] == sorted((r["rating"] for r in listed), reverse=True)
    assert stored["Ada"][1] == 203
    # Two newcomers who beat each other once perform at the 1500 starting point.
    assert stored["Ed"] == stored["Flo"] == (1500, 2)
    assert len(listed) == 6


def test_the_text_ranks_tied_ratings_as_the_list_s_page_does(client):
    national = rating_list_create(by=None, name="National")
    for name, rating in [("Ann", 1600.0), ("Bob", 1600.0), ("Cat", 1500.0)]:
        rating_seed(by=None, rating_list=national, player=factories.player(name), rating=rating)
    page = client.get(reverse("ratings:list", args=[national.slug]), {"_export": "csv"})
    page_ranks = [line.split(",")[0] for line in page.content.decode("utf-8-sig").splitlines()[1:]]
    text_ranks = [line.split()[0] for line in run("ratings", national.slug).splitlines()]
    assert text_ranks == page_ranks == ["1", "1", "3"]


def test_the_text_keeps_its_columns_for_thai_and_chinese_names():
    national = rating_list_create(by=None, name="National")
    for name, rating in [("สมชาย ใจดี", 1600.0), ("王小明", 1550.0), ("Bob Smith", 1500.0)]:
        rating_seed(by=None, rating_list=national, player=factories.player(name), rating=rating)
    lines = run("ratings", national.slug).splitlines()
    ratings = [
        line.index(rating) for line, rating in zip(lines, ["1600", "1550", "1500"], strict=True)
    ]
    starts = {display_width(line[:at]) for line, at in zip(lines, ratings, strict=True)}
    assert len(starts) == 1, lines
    assert len({display_width(line) for line in lines}) == 1
