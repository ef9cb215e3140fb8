"""Player and club pages: they render, search, export, and their queries do not grow with rows."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import Membership
from players.models import Player
from tests import factories

pytestmark = pytest.mark.django_db


def test_player_list_searches_by_name(client):
    factories.player("Anna Smith")
    factories.player("Ben Okafor")
    response = client.get(reverse("players:list"), {"q": "okafor"})
    assert response.status_code == 200
    assert "Ben Okafor" in response.text and "Anna Smith" not in response.text


@pytest.mark.parametrize(
    ("rating", "shown"), [(0, "Rating: 0<"), (1500, "Rating: 1500<"), (None, "Rating: —<")]
)
def test_a_players_page_shows_the_rating_the_list_shows_and_a_dash_only_for_none(
    client, rating, shown
):
    player = factories.player("Anna Smith", rating=rating)
    listed = client.get(reverse("players:list"), {"_export": "csv"}).content.decode()
    page = client.get(reverse("players:detail", args=[player.pk])).text
    assert shown in page
    assert listed.splitlines()[1].endswith("," if rating is None else f",{rating}")


def test_player_list_exports_csv(client):
    factories.player("Anna Smith", member_id="A1", rating=1500)
    response = client.get(reverse("players:list"), {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.decode("utf-8-sig").splitlines() == [
        "Name,Country,Member id,Rating",
        "Anna Smith,GB,A1,1500",
    ]


@pytest.mark.parametrize("rows", [1, 40])
def test_player_list_queries_do_not_grow(client, django_assert_max_num_queries, rows):
    for i in range(rows):
        factories.player(f"P{i}")
    with django_assert_max_num_queries(4):
        assert client.get(reverse("players:list")).status_code == 200


@pytest.mark.parametrize("rows", [1, 40])
def test_club_page_queries_do_not_grow(client, django_assert_max_num_queries, rows):
    club = factories.club()
    for i in range(rows):
        Membership.objects.create(club=club, player=factories.player(f"M{i}"))
    with django_assert_max_num_queries(6):
        response = client.get(reverse("clubs:detail", args=[club.slug]))
    assert response.status_code == 200
    assert "M0" in response.text


@pytest.mark.parametrize("rows", [1, 30])
def test_club_list_queries_do_not_grow(client, django_assert_max_num_queries, rows):
    for _ in range(rows):
        factories.club()
    with django_assert_max_num_queries(4):
        assert client.get(reverse("clubs:list")).status_code == 200


def test_director_adds_a_player_and_is_warned_of_a_duplicate(client, director, event):
    client.force_login(director)
    factories.player("Anna Smith", country="GB")
    response = client.post(reverse("players:create"), {"name": "Anna Smith", "country": "GB"})
    assert response.status_code == 200
    assert "A player like this already exists" in response.text
    assert Player.objects.filter(name="Anna Smith").count() == 1
    response = client.post(
        reverse("players:create"),
        {"name": "Anna Smith", "country": "GB", "confirm_duplicate": "on"},
    )
    assert response.status_code == 302
    assert Player.objects.filter(name="Anna Smith").count() == 2


def test_roster_upload_reports_bad_rows_and_imports_nothing(client, director, event):
    client.force_login(director)
    csv = b"name,country,member_id,rating\nAnna,GB,A1,1500\nBen,GB,B1,<b>2</b>\n"
    response = client.post(reverse("players:import"), {"file": SimpleUploadedFile("r.csv", csv)})
    assert response.status_code == 200
    assert "Line 3: “&lt;b&gt;2&lt;/b&gt;” is not a rating" in response.text
    assert Player.objects.count() == 0


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"name": ""}, "A player needs a name."),
        ({"name": "A" * 121}, "A name can have at most 120 characters (this one has 121)."),
        ({"country": "GBRX"}, "“GBRX” is not a 2- or 3-letter country code."),
        ({"member_id": "M" * 33}, "A member id can have at most 32 characters (this one has 33)."),
        ({"rating": "-1"}, "“-1” is not a rating (a whole number from 0 to 3500)."),
        ({"rating": "3501"}, "“3501” is not a rating (a whole number from 0 to 3500)."),
        ({"rating": "2³"}, "“2³” is not a rating (a whole number from 0 to 3500)."),
    ],
)
def test_add_player_form_refuses_each_bad_field_and_saves_nothing(
    client, director, event, fields, error
):
    client.force_login(director)
    response = client.post(reverse("players:create"), {"name": "Anna Smith"} | fields)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert {name: list(messages) for name, messages in errors.items()} == {
        next(iter(fields)): [error]
    }
    assert Player.objects.count() == 0


def test_add_player_form_takes_each_field_at_its_limit(client, director, event):
    client.force_login(director)
    fields = {"name": "A" * 120, "country": "gbr", "member_id": "M" * 32, "rating": "3500"}
    assert client.post(reverse("players:create"), fields).status_code == 302
    player = Player.objects.get()
    assert (len(player.name), player.country, len(player.member_id), player.rating) == (
        120,
        "GBR",
        32,
        3500,
    )
    client.post(reverse("players:create"), {"name": "Ben Jones", "rating": "0"})
    assert Player.objects.get(name="Ben Jones").rating == 0


def test_roster_upload_confirms_duplicates_in_a_second_step(client, director, event):
    client.force_login(director)
    factories.player("Anna", country="GB")
    csv = "name,country,member_id,rating\nAnna,GB,,\nBen,GB,,\n"
    first = client.post(
        reverse("players:import"), {"file": SimpleUploadedFile("r.csv", csv.encode())}
    )
    assert "look like players who already exist" in first.text
    assert Player.objects.count() == 1
    second = client.post(reverse("players:import"), {"text": csv, "confirm_duplicates": "on"})
    assert second.status_code == 302
    assert Player.objects.count() == 3


def test_club_officer_adds_a_member(client):
    club = factories.club()
    officer = factories.officer(club).player.user
    newcomer = factories.player("Newcomer")
    client.force_login(officer)
    response = client.post(
        reverse("clubs:membership_add", args=[club.slug]),
        {"player": newcomer.pk, "role": "member", "since": "2026-01-01"},
    )
    assert response.status_code == 302
    assert club.memberships.filter(player=newcomer).exists()
