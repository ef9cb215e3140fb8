"""A club's member list, ladder and pickers at scale, members-only clubs, and the command that
starts a rating list."""

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse

from clubs.models import CasualGame, ClubSession, Membership
from clubs.services import casual_game_add
from players.models import Player
from ratings.models import RatingChange, RatingList
from ratings.selectors import club_ladder
from ratings.services import club_session_rate, rating_list_create, rating_seed
from tests import factories
from tournaments.results.formatting import rating_value

pytestmark = pytest.mark.django_db


def many_members(club, count: int) -> list[Player]:
    players = Player.objects.bulk_create(
        Player(name=f"Member {n:04d}", sort_name=f"Member {n:04d}") for n in range(count)
    )
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in players)
    return players


@pytest.mark.parametrize("members", [1, 2000])
def test_member_list_queries_do_not_grow(client, django_assert_max_num_queries, members):
    club = factories.club()
    officer = factories.officer(club).player.user
    many_members(club, members)
    client.force_login(officer)
    with django_assert_max_num_queries(9):
        response = client.get(reverse("clubs:members", args=[club.slug]))
    assert response.status_code == 200
    assert "Member 0000" in response.text
    assert response.text.count(">Mark lapsed</button>") == min(members + 1, 50)


def test_member_list_counts_active_and_lapsed_and_pages_at_fifty(client):
    club = factories.club()
    players = many_members(club, 60)
    Membership.objects.filter(player=players[0]).update(status="lapsed")
    response = client.get(reverse("clubs:members", args=[club.slug]), {"page": 2})
    assert "59 active · 1 lapsed" in response.text
    assert "Member 0059" in response.text and "Member 0000" not in response.text


@pytest.mark.parametrize("members", [1, 2000])
def test_ladder_queries_do_not_grow(client, django_assert_max_num_queries, members):
    club = factories.club()
    players = many_members(club, max(members, 2))
    night = ClubSession.objects.create(club=club, date=datetime.date(2025, 5, 6))
    CasualGame.objects.bulk_create(
        CasualGame(session=night, player_a=a, player_b=b, score_a=400, score_b=300)
        for a, b in zip(players[::2], players[1::2], strict=False)
    )
    with django_assert_max_num_queries(4):
        response = client.get(reverse("clubs:ladder", args=[club.slug]), {"season": 2025})
    assert response.status_code == 200
    assert "Member 0000" in response.text
    with django_assert_max_num_queries(3):
        pdf = client.get(reverse("clubs:ladder_pdf", args=[club.slug]), {"season": 2025})
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")


def test_ladder_over_a_period_by_rating_change_or_wins(client):
    club = factories.club()
    ann, ben = factories.player("Ann"), factories.player("Ben")
    for day in (datetime.date(2025, 1, 10), datetime.date(2025, 3, 10)):
        night = ClubSession.objects.create(club=club, date=day)
        CasualGame.objects.create(session=night, player_a=ann, player_b=ben, score_a=1, score_b=0)
    url = reverse("clubs:ladder", args=[club.slug])
    march = client.get(url, {"start": "2025-03-01", "end": "2025-03-31"})
    assert [(r.name, r.games) for r in march.context["table"].data] == [("Ann", 1), ("Ben", 1)]
    backwards = client.get(url, {"start": "2025-03-31", "end": "2025-03-01"})
    assert "The period ends before it starts." in backwards.text


def test_a_members_only_club_is_hidden_from_outsiders(client, stranger):
    club = factories.club("Quiet Club", private=True)
    member = factories.player("Mia Member", user=factories.user())
    Membership.objects.create(club=club, player=member)
    for who in (None, stranger):
        if who:
            client.force_login(who)
        assert client.get(reverse("clubs:detail", args=[club.slug])).status_code == 404
        assert client.get(reverse("clubs:ladder", args=[club.slug])).status_code == 404
        assert "Quiet Club" not in client.get(reverse("clubs:list")).text
    client.force_login(member.user)
    assert client.get(reverse("clubs:detail", args=[club.slug])).status_code == 200
    assert "Quiet Club" in client.get(reverse("clubs:list")).text


def test_a_members_only_ladder_is_shown_to_members_only(client, stranger):
    club = factories.club("Open Club", ladder_members_only=True)
    member = factories.player("Mia Member", user=factories.user())
    Membership.objects.create(club=club, player=member)
    client.force_login(stranger)
    assert client.get(reverse("clubs:ladder", args=[club.slug])).status_code == 404
    assert "club-ladder" not in client.get(reverse("clubs:detail", args=[club.slug])).text
    client.force_login(member.user)
    assert client.get(reverse("clubs:ladder", args=[club.slug])).status_code == 200


def test_no_picker_finds_players_by_a_members_only_clubs_name(client):
    quiet = factories.club("Quiet Club", private=True)
    hal = factories.player("Hidden Hal")
    Membership.objects.create(club=quiet, player=hal)
    # Hal plays at an open club too, so a search by his name finds him; by Quiet's name, not.
    Membership.objects.create(club=factories.club("Third Club"), player=hal)
    club = factories.club("Open Club")
    officer = factories.officer(club).player.user
    client.force_login(officer)
    found = client.get(reverse("clubs:member_picker", args=[club.slug]), {"q": "Quiet"})
    assert "Hidden Hal" not in found.text
    by_name = client.get(reverse("clubs:member_picker", args=[club.slug]), {"q": "Hidden"})
    assert "Hidden Hal" in by_name.text


@pytest.mark.parametrize("rows", [1, 20])
def test_member_picker_queries_do_not_grow(client, django_assert_max_num_queries, rows):
    club = factories.club()
    officer = factories.officer(club).player.user
    for n in range(rows):
        factories.player(f"Pick {n}")
    client.force_login(officer)
    with django_assert_max_num_queries(9):
        response = client.get(reverse("clubs:member_picker", args=[club.slug]), {"q": "Pick"})
    assert response.text.count('name="player"') == rows


def test_ratings_create_starts_a_club_list_and_the_print_form_still_works(capsys):
    club = factories.club(slug="riverside")
    call_command(
        "ratings", "create", "Riverside Glicko", "--system", "glicko2", "--club", "riverside"
    )
    created = RatingList.objects.get()
    assert (created.system, created.scope_club, created.provisional_games) == ("glicko2", club, 0)
    call_command("ratings", "create", "National", "--system", "absp", "--provisional-games", "10")
    national = RatingList.objects.get(name="National")
    assert (national.scope_club, national.provisional_games) == (None, 10)
    call_command("ratings", "riverside-glicko", "--format", "json")
    assert capsys.readouterr().out.rstrip().endswith("[]")


def test_a_members_only_clubs_list_name_and_people_stay_with_its_members(client, stranger):
    from clubs.services import casual_game_add
    from ratings.services import club_rating_list_start, club_session_rate

    quiet = factories.club("Quiet Club", private=True)
    hal, ivy = factories.player("Hidden Hal"), factories.player("Hidden Ivy")
    for person in (hal, ivy):
        Membership.objects.create(club=quiet, player=person)
    club_rating_list_start(by=None, club=quiet, name="Quiet ratings", system="glicko2")
    night = ClubSession.objects.create(club=quiet, date=datetime.date(2025, 5, 6))
    casual_game_add(by=None, session=night, player_a=hal, player_b=ivy, score_a=400, score_b=300)
    club_session_rate(by=None, session=night)
    open_club = factories.club("Open Club")
    officer = factories.officer(open_club).player.user
    client.force_login(officer)
    pages = [
        reverse("home"),
        reverse("clubs:list"),
        reverse("ratings:lists"),
        reverse("players:detail", args=[hal.pk]),
        reverse("clubs:member_picker", args=[open_club.slug]) + "?q=Hidden",
    ]
    for url in pages:
        text = client.get(url).text
        assert "Quiet" not in text, url
    assert "Hidden Hal" not in client.get(pages[-1]).text
    assert client.get(reverse("ratings:list", args=["quiet-ratings"])).status_code == 404
    member = factories.user()
    hal.user = member
    hal.save()
    client.force_login(member)
    assert "Quiet ratings" in client.get(reverse("players:detail", args=[hal.pk])).text
    assert client.get(reverse("ratings:list", args=["quiet-ratings"])).status_code == 200


def test_only_staff_start_a_national_list_from_the_site(client, stranger, staff):
    client.force_login(stranger)
    assert client.get(reverse("ratings:create")).status_code == 403
    client.force_login(staff)
    response = client.post(reverse("ratings:create"), {"name": "National", "system": "absp"})
    assert response.status_code == 302
    national = RatingList.objects.get()
    assert (national.system, national.scope_club, national.provisional_games) == ("absp", None, 30)


def test_a_night_of_a_club_without_a_list_offers_to_start_one(client):
    from ratings.services import club_rating_list_start

    club = factories.club()
    officer = factories.officer(club).player.user
    night = ClubSession.objects.create(club=club, date=datetime.date(2025, 5, 6))
    client.force_login(officer)
    url = reverse("clubs:session", args=[club.slug, night.pk])
    start = reverse("clubs:rating_list_create", args=[club.slug])
    assert start in client.get(url).text and "Rate this night" not in client.get(url).text
    club_rating_list_start(by=None, club=club, name="Club", system="glicko2")
    assert "Rate this night" in client.get(url).text


def test_an_ended_membership_is_marked_ended_not_active(client):
    # The counts above the table count current memberships only; the row's chip agrees.
    club = factories.club()
    ended, running = many_members(club, 2)
    Membership.objects.filter(player=ended).update(
        since=datetime.date(2020, 1, 1), until=datetime.date(2021, 1, 1)
    )
    page = client.get(reverse("clubs:members", args=[club.slug])).text
    assert "1 active · 0 lapsed" in page
    rows = {name: page[page.index(name) :] for name in (ended.name, running.name)}
    assert '<span class="chip">Ended</span>' in rows[ended.name][: rows[ended.name].index("</tr>")]
    assert (
        '<span class="chip ok">Active</span>'
        in rows[running.name][: rows[running.name].index("</tr>")]
    )


def test_the_ladder_s_rating_change_is_the_published_ratings_difference():
    # 1500.49 publishes as 1500; the night's change is what the player's history shows
    # (published after minus published before), not the unrounded change rounded once.
    club = factories.club()
    a, b = factories.player("A"), factories.player("B")
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in (a, b))
    club_list = rating_list_create(by=None, name="Club", system="glicko2", scope_club=club)
    rating_seed(by=None, rating_list=club_list, player=a, rating=1500.49, games=20)
    rating_seed(by=None, rating_list=club_list, player=b, rating=1500.0, games=20)
    night = ClubSession.objects.create(club=club, date=datetime.date(2025, 3, 4))
    casual_game_add(by=None, session=night, player_a=a, player_b=b, score_a=450, score_b=300)
    club_session_rate(by=None, session=night)
    for row in club_ladder(club, 2025):
        change = RatingChange.objects.get(player_id=row.player_id)
        assert row.rating_change_shown == change.published - change.published_before
    first = RatingChange.objects.get(player=a)
    assert first.published - first.published_before != rating_value(first.after - first.before)
