"""Named reads of the ratings: a list ranked on the ratings it publishes; the club ladder;
projections from the event's place on the list."""

import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from clubs.services import casual_game_add, casual_game_correct, membership_add
from ratings.selectors import (
    club_ladder,
    player_rating_history,
    projected_ratings,
    rating_list_rows,
)
from ratings.services import (
    club_rating_list_start,
    club_session_rate,
    rating_list_create,
    rating_seed,
    tournament_rate,
)
from tests import factories
from tests.ratings.rating_world import club_night, played_division, seeded_list

pytestmark = pytest.mark.django_db


def test_ratings_published_alike_share_a_rank_and_go_by_name(client):
    # 1500.4 and 1499.6 both publish as 1500 (halves up): the same rank, then name order.
    national = rating_list_create(by=None, name="National")
    for name, rating in [("Zed", 1500.4), ("Amy", 1499.6), ("Bea", 1499.5), ("Cy", 1499.49)]:
        rating_seed(by=None, rating_list=national, player=factories.player(name), rating=rating)
    expected = [
        ("1", "Amy", "1500"),
        ("1", "Bea", "1500"),
        ("1", "Zed", "1500"),
        ("4", "Cy", "1499"),
    ]
    rows = rating_list_rows(national, everyone=True)
    assert [(str(r.rank), r.player.name, str(r.published)) for r in rows] == expected
    page = client.get(reverse("ratings:list", args=[national.slug]), {"_export": "csv"})
    lines = page.content.decode("utf-8-sig").splitlines()[1:]
    assert [(cells[0], cells[1], cells[4]) for cells in (line.split(",") for line in lines)] == (
        expected
    )
    out = StringIO()
    call_command("ratings", national.slug, stdout=out)
    assert [tuple(line.split()[:3]) for line in out.getvalue().splitlines()] == expected


def test_the_ladder_s_rating_change_is_the_club_list_s_over_the_season():
    # The club's list counts its tournaments: the ladder's change is the player's history on the
    # list over the season (nights and the club's tournament), not the nights alone.
    club = factories.club("Chess Club")
    ann, bob = factories.player("Ann", rating=1500), factories.player("Bob", rating=1400)
    visitor = factories.player("Vic Visitor")
    for player in (ann, bob):
        membership_add(by=None, club=club, player=player)
    club_list = club_rating_list_start(
        by=None, club=club, name="Club list", system="glicko2", count_tournaments=True
    )
    first = club_night(club, datetime.date(2025, 3, 4))
    game = casual_game_add(
        by=None, session=first, player_a=ann, player_b=bob, score_a=400, score_b=300
    )
    club_session_rate(by=None, session=first)
    for day, name in (
        (datetime.date(2024, 12, 1), "Old Open"),
        (datetime.date(2025, 3, 10), "Open"),
    ):
        event = factories.tournament(name, club=club, start_date=day)
        table = [[(1, 2, 300, 450), (3, None, 50, 0)]]
        played = played_division([ann, bob, visitor], table, event=event)
        tournament_rate(
            by=None,
            tournament=played.tournament,
            rating_list=rating_list_create(by=None, name=name),
        )
    second = club_night(club, datetime.date(2025, 3, 18))
    casual_game_add(by=None, session=second, player_a=ann, player_b=bob, score_a=410, score_b=300)
    club_session_rate(by=None, session=second)
    casual_game_correct(by=None, game=game, score_a=300, score_b=400)
    ladder = {row.name: row for row in club_ladder(club, 2025)}
    assert set(ladder) == {"Ann", "Bob"}  # who played the club's nights
    for player in (ann, bob):
        (history,) = [h for h in player_rating_history(player, None) if h.rating_list == club_list]
        before_season = [p.rating for p in history.points if p.when.year < 2025]
        season_start = before_season[-1] if before_season else player.rating
        assert ladder[player.name].rating_change_shown == history.current - season_start


def test_an_event_played_before_a_rated_one_projects_from_the_ratings_at_its_place(
    django_assert_max_num_queries,
):
    # Rating March after June places it before June: the projection starts where rating it
    # will, from the ratings before June, not from today's (after June).
    anna, ben = factories.player("Anna"), factories.player("Ben")
    national = seeded_list({anna: 1600, ben: 1500})
    june = factories.tournament("June", start_date=datetime.date(2025, 6, 1))
    tournament_rate(
        by=None,
        tournament=played_division([anna, ben], [[(1, 2, 500, 300)]], event=june).tournament,
        rating_list=national,
    )
    march = factories.tournament("March", start_date=datetime.date(2025, 3, 1))
    early = played_division([anna, ben], [[(1, 2, 300, 500)]], event=march)
    with django_assert_max_num_queries(12):
        projected = projected_ratings(early, national)
    tournament_rate(by=None, tournament=march, rating_list=national)
    assert projected == projected_ratings(early, national)  # the stored changes, once rated
    assert sorted(before for before, _after in projected.values()) == [1500, 1600]
