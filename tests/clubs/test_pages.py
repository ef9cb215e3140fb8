"""The club page shows club life; officers run nights and club tournaments from it."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import CasualGame, ClubSession, Membership
from clubs.services import casual_game_add
from tests import factories
from tests.ratings.rating_world import club_night

pytestmark = pytest.mark.django_db


def test_club_page_shows_members_sessions_ladder_and_upcoming_events(client):
    club = factories.club()
    anna, ben = factories.player("Anna Arden"), factories.player("Ben Bell")
    Membership.objects.create(club=club, player=anna, since=datetime.date(2020, 1, 1))
    Membership.objects.create(club=club, player=ben, role=Membership.Role.OFFICER)
    today = timezone.localdate()
    night = club_night(club, today)
    casual_game_add(by=None, session=night, player_a=anna, player_b=ben, score_a=433, score_b=401)
    factories.tournament("Spring Open", club=club, start_date=today + datetime.timedelta(days=9))
    factories.tournament("Old Open", club=club, start_date=today - datetime.timedelta(days=9))
    response = client.get(reverse("clubs:detail", args=[club.slug]))
    page = response.text
    assert response.status_code == 200
    assert "Anna Arden" in page and "Officer" in page and "2020" in page
    assert reverse("clubs:session", args=[club.slug, night.pk]) in page
    assert "Spring Open" in page and "Old Open" not in page
    ladder = page[page.index("club-ladder") :]
    assert ladder.index("Anna Arden") < ladder.index("Ben Bell")
    assert ">+32<" in ladder and ">-32<" in ladder


@pytest.mark.parametrize("rows", [1, 12])
def test_club_page_with_club_life_queries_do_not_grow(client, django_assert_max_num_queries, rows):
    club = factories.club()
    today = timezone.localdate()
    for i in range(rows):
        a, b = factories.player(f"A{i}"), factories.player(f"B{i}")
        Membership.objects.create(club=club, player=a)
        casual_game_add(
            by=None, session=club_night(club, today), player_a=a, player_b=b, score_a=1, score_b=0
        )
        factories.tournament(club=club, start_date=today)
    # Seven: the latest night's results are one query of their own.
    with django_assert_max_num_queries(7):
        assert client.get(reverse("clubs:detail", args=[club.slug])).status_code == 200


def test_officer_starts_a_club_night_and_enters_a_game_by_names(client):
    club = factories.club()
    officer = factories.officer(club).player.user
    anna, ben = factories.player("Anna Arden"), factories.player("Ben Bell")
    for player in (anna, ben):
        Membership.objects.create(club=club, player=player)
    client.force_login(officer)
    response = client.post(
        reverse("clubs:session_create", args=[club.slug]),
        {"date": "2025-06-03", "note": "Tuesday"},
    )
    night = ClubSession.objects.get()
    assert response["Location"] == night.get_absolute_url()
    response = client.post(
        reverse("clubs:casual_game_add", args=[club.slug, night.pk]),
        {"player_a": "anna arden", "score_a": "410", "player_b": "Bell, Ben", "score_b": "377"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "Anna Arden 410 – 377 Ben Bell" in response.text
    game = CasualGame.objects.get()
    assert (game.player_a, game.player_b, game.score_a, game.score_b, game.rated) == (
        anna,
        ben,
        410,
        377,
        False,
    )


def test_unknown_name_is_refused_with_a_message(client):
    club = factories.club()
    officer = factories.officer(club).player.user
    night = club_night(club)
    client.force_login(officer)
    response = client.post(
        reverse("clubs:casual_game_add", args=[club.slug, night.pk]),
        {"player_a": "Nobody", "score_a": "1", "player_b": "Ghost", "score_b": "2", "rated": "on"},
    )
    assert response.status_code == 400
    assert "No club player is called Nobody." in response.text
    assert not CasualGame.objects.exists()


def test_new_club_tournament_button_makes_the_officer_its_director(client):
    club = factories.club()
    officer = factories.officer(club).player.user
    client.force_login(officer)
    page = client.get(reverse("clubs:detail", args=[club.slug])).text
    assert "New club tournament" in page
    response = client.post(
        reverse("clubs:tournament_create", args=[club.slug]), {"name": "Club Cup"}
    )
    tournament = club.tournaments.get()
    assert response["Location"] == tournament.get_absolute_url()
    assert tournament.is_changeable_by(officer)


def test_a_stranger_cannot_add_games(client, stranger):
    club = factories.club()
    night = club_night(club)
    client.force_login(stranger)
    response = client.post(
        reverse("clubs:casual_game_add", args=[club.slug, night.pk]),
        {"player_a": "A", "score_a": "1", "player_b": "B", "score_b": "2"},
    )
    assert response.status_code == 403


def test_session_page_lists_games_and_attendance(client):
    club = factories.club()
    night = club_night(club)
    anna, ben = factories.player("Anna Arden"), factories.player("Ben Bell")
    casual_game_add(by=None, session=night, player_a=anna, player_b=ben, score_a=400, score_b=399)
    response = client.get(night.get_absolute_url())
    assert "Anna Arden 400 – 399 Ben Bell" in response.text
    assert response.text.count('href="/players/') >= 2


def test_ladder_page_exports_csv(client):
    club = factories.club()
    night = club_night(club, datetime.date(2025, 3, 4))
    anna, ben = factories.player("Anna Arden"), factories.player("Ben Bell")
    casual_game_add(by=None, session=night, player_a=anna, player_b=ben, score_a=400, score_b=350)
    response = client.get(
        reverse("clubs:ladder", args=[club.slug]), {"season": "2025", "_export": "csv"}
    )
    assert response.content.decode("utf-8-sig").splitlines() == [
        "#,Player,Games,Wins,Losses,Spread,Rating change,First rating",
        "1,Anna Arden,1,1,0,50,0,",
        "2,Ben Bell,1,0,1,-50,0,",
    ]


def my_write_urls():
    """Every rating/club write URL with real objects behind it (the crawl has none)."""
    from ratings.services import rating_list_create

    club = factories.club()
    night = club_night(club)
    national = rating_list_create(by=None, name="National", scope_club=club)
    event = factories.tournament(club=club)
    return [
        reverse("clubs:session_create", args=[club.slug]),
        reverse("clubs:tournament_create", args=[club.slug]),
        reverse("clubs:casual_game_add", args=[club.slug, night.pk]),
        reverse("clubs:attendance_mark", args=[club.slug, night.pk]),
        reverse("clubs:session_rate", args=[club.slug, night.pk]),
        reverse("ratings:recompute", args=[national.slug]),
        reverse("ratings:rate_tournament", args=[national.slug, event.slug]),
    ]


def test_rating_and_club_writes_refuse_anonymous_and_strangers(client, stranger):
    from core.models import AuditEntry

    urls = my_write_urls()
    before = AuditEntry.objects.count()
    form = {"name": "X", "date": "2025-01-01", "player": "X", "player_a": "X", "player_b": "Y"}
    for url in urls:
        response = client.post(url, form)
        assert response.status_code == 302 and response["Location"].startswith("/login/"), url
    client.force_login(stranger)
    assert [client.post(url, form).status_code for url in urls] == [403] * len(urls)
    assert AuditEntry.objects.count() == before


@pytest.mark.parametrize(
    ("asked", "shown"),
    [("1901", 1901), ("2999", 2999), ("1900", None), ("3000", None), ("²", None), ("20_25", None)],
)
def test_club_page_shows_the_season_asked_for_or_this_year(client, asked, shown):
    club = factories.club()
    response = client.get(club.get_absolute_url(), {"season": asked})
    assert response.status_code == 200
    assert response.context["season"] == (shown or timezone.localdate().year)
