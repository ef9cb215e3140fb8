"""A person's data on request: staff export everything about one player as JSON and erase a
player (name and personal fields replaced, the account emptied, payment notes cleared, results
kept under an anonymous label so standings and ratings read as before), audited, on the staff
page and with `manage.py person_data`."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from clubs.models import Attendance, CasualGame, ClubSession, Membership
from config.person_data import person_export
from core.models import AuditEntry
from players.models import Player
from players.services import player_create, player_update
from ratings.models import PlayerRating, RatingChange
from ratings.services import rating_list_create, rating_seed, tournament_rate
from tests import factories
from tests.command_runs import database_state
from tests.ratings.rating_world import played_division
from tournaments.models import Entry, Pairing, Round
from tournaments.selectors.divisions import division_results

pytestmark = pytest.mark.django_db

NAME, MEMBER_ID, NOTE, EMAIL = "Nadia Secret", "M-9", "paid cash, phone 555-0101", "n@x.org"


@pytest.fixture
def nadia(staff):
    person = player_create(by=staff, name=NAME, country="GB", member_id=MEMBER_ID, rating=1500)
    account = factories.user("nadia", email=EMAIL)
    player_update(by=staff, player=person, user=account)
    division = factories.division(factories.tournament(director=staff), rounds=2)
    other = factories.player("Omar Other")
    mine = Entry.objects.create(division=division, player=person, number=1, payment_note=NOTE)
    theirs = Entry.objects.create(division=division, player=other, number=2)
    pairing = factories.round_with_pairings(division, [mine, theirs]).pairings.get()
    pairing.first_score, pairing.second_score = 420, 380
    pairing.save()
    club = factories.club("Lakeside")
    Membership.objects.create(player=person, club=club)
    night = ClubSession.objects.create(club=club, date="2026-03-01")
    Attendance.objects.create(session=night, player=person)
    CasualGame.objects.create(
        session=night, player_a=person, player_b=other, score_a=400, score_b=350
    )
    listed = rating_list_create(by=staff, name="National")
    PlayerRating.objects.create(rating_list=listed, player=person, rating=1512, games=30)
    return person


def page(client, nadia, name="person_data"):
    return reverse(name, args=[nadia.pk])


def test_staff_download_everything_about_the_person_and_it_is_audited(client, staff, nadia):
    client.force_login(staff)
    response = client.post(page(client, nadia, "person_data_download"))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="person-{nadia.pk}.json"'
    data = json.loads(response.content)
    nadia_on_list = PlayerRating.objects.get(player=nadia)
    assert data["player"]["name"] == NAME
    assert data["player"]["member_id"] == MEMBER_ID
    assert data["account"]["email"] == EMAIL
    assert data["memberships"] == [
        {"club": "Lakeside", "role": "member", "since": None, "until": None}
    ]
    assert data["club_nights"] == [{"club": "Lakeside", "date": "2026-03-01"}]
    assert data["casual_games"][0]["opponent"] == "Omar Other"
    assert data["entries"][0]["payment_note"] == NOTE
    assert data["entries"][0]["games"] == [
        {
            "round": 1,
            "opponent": "Omar Other",
            "score": 420,
            "opponent_score": 380,
            "result": "win",
            "won_playoff": None,
        }
    ]
    assert data["ratings"] == [
        {
            "list": "National",
            "rating": 1512,
            "provisional": nadia_on_list.provisional,
            "games": 30,
            "rating_raw": 1512.0,
        }
    ]
    assert [e["action"] for e in data["audit"]] == [
        "player.create",
        "player.update",
        "player.export",
    ]
    assert AuditEntry.objects.get(action="player.export").actor == staff


@pytest.mark.parametrize("who", ["anonymous", "director", "officer"])
def test_only_staff_reach_a_persons_data(client, nadia, who):
    if who != "anonymous":
        someone = factories.user(who)
        if who == "director":
            factories.tournament(director=someone)
        else:
            factories.officer(factories.club(), someone)
        client.force_login(someone)
    before = database_state()
    for name in ("person_data_download", "person_data_erase"):
        response = client.post(page(client, nadia, name), {"confirm": "on"})
        assert response.status_code == (302 if who == "anonymous" else 403)
    assert client.get(page(client, nadia)).status_code == (302 if who == "anonymous" else 403)
    assert database_state() == before


def test_the_download_is_not_served_on_get(client, staff, nadia):
    client.force_login(staff)
    assert client.get(page(client, nadia, "person_data_download")).status_code == 405
    assert not AuditEntry.objects.filter(action="player.export").exists()


def test_erasing_needs_the_confirmation_and_changes_nothing_without_it(client, staff, nadia):
    client.force_login(staff)
    before = database_state()
    response = client.post(page(client, nadia, "person_data_erase"))
    assert response.status_code == 422
    assert database_state() == before


def standings_of(division):
    return [
        (row.player, row.wins, row.losses, row.spread)
        for row in division_results(division).standings()
    ]


def test_erasing_replaces_the_person_and_keeps_every_result(client, staff, nadia):
    division = nadia.entries.get().division
    before = standings_of(division)
    client.force_login(staff)
    response = client.post(page(client, nadia, "person_data_erase"), {"confirm": "on"})
    assert response.status_code == 302
    erased = Player.objects.get(pk=nadia.pk)
    label = f"Anonymous player {nadia.pk}"
    assert (erased.name, erased.sort_name, erased.country, erased.member_id, erased.user) == (
        label,
        label,
        "",
        "",
        None,
    )
    closed = get_user_model().objects.get(username__startswith=f"erased-{nadia.pk}-")
    assert (closed.email, closed.is_active, closed.has_usable_password()) == ("", False, False)
    assert nadia.entries.get().payment_note == ""
    # Results, standings and ratings read as before, under the label.
    assert standings_of(division) == before
    assert PlayerRating.objects.get(player=erased).rating == 1512
    assert CasualGame.objects.get().player_a == erased
    standings = client.get(
        reverse(
            "tournaments:standings",
            kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name},
        )
    ).content.decode()
    assert label in standings
    assert NAME not in standings
    # Nothing kept names the person: not the audit log either.
    everything = json.dumps(list(AuditEntry.objects.values("before", "after")))
    for trace in (NAME, MEMBER_ID, NOTE, EMAIL, "nadia"):
        assert trace not in everything
    entry = AuditEntry.objects.get(action="player.erase")
    assert entry.actor == staff
    assert entry.before == {
        "erased": ["name", "sort_name", "country", "member_id", "user"],
        "account": True,
    }


def test_the_command_exports_to_a_file_and_erases_only_when_confirmed(tmp_path, nadia):
    target = tmp_path / "nadia.json"
    call_command("person_data", "export", str(nadia.pk), "--output", str(target))
    assert json.loads(target.read_text(encoding="utf-8"))["player"]["name"] == NAME
    with pytest.raises(CommandError, match="pass --confirm to erase"):
        call_command("person_data", "erase", str(nadia.pk))
    assert Player.objects.get(pk=nadia.pk).name == NAME
    call_command("person_data", "erase", str(nadia.pk), "--confirm")
    assert Player.objects.get(pk=nadia.pk).name == f"Anonymous player {nadia.pk}"
    with pytest.raises(CommandError, match="No player has the id 999999."):
        call_command("person_data", "export", "999999")


def test_the_export_says_what_each_game_was_as_the_standings_count_it(staff, nadia):
    # A bye, a forfeit without an opponent and a tie won on the play-off word each read as the
    # standings read them (``results.outcomes``), not as bare scores.
    entry = Entry.objects.get(player=nadia)
    other = Entry.objects.get(division=entry.division, number=2)
    played = entry.division.round_set.get(number=1).pairings.get()
    Pairing.objects.filter(pk=played.pk).update(
        first_score=400, second_score=400, playoff_winner=other
    )
    second = Round.objects.create(division=entry.division, number=2)
    Pairing.objects.create(round=second, first=entry, kind=Pairing.Kind.BYE)
    third = Round.objects.create(division=entry.division, number=3)
    Pairing.objects.create(
        round=third, first=entry, kind=Pairing.Kind.FORFEIT, forfeited_by=entry, first_score=-50
    )
    (mine,) = person_export(nadia)["entries"]
    assert [(g["round"], g["result"], g["won_playoff"]) for g in mine["games"]] == [
        (1, "loss", False),
        (2, "bye", None),
        (3, "forfeit_loss", None),
    ]


def test_the_export_gives_ratings_as_lists_publish_them_with_the_raw_value_beside():
    anna, cat = factories.player("Anna"), factories.player("Cat Newcomer")
    national = rating_list_create(by=None, name="National", provisional_games=50)
    rating_seed(by=None, rating_list=national, player=anna, rating=1732.5, games=100)
    division = played_division([anna, cat], [[(1, 2, 420, 380)]])
    tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    for player, provisional in ((anna, False), (cat, True)):
        row = national.ratings.get(player=player)
        assert person_export(player)["ratings"] == [
            {
                "list": "National",
                "rating": row.published,
                "provisional": provisional,
                "games": row.games,
                "rating_raw": row.rating,
            }
        ]
    change = RatingChange.objects.get(player=anna)
    (exported,) = person_export(anna)["rating_changes"]
    assert (exported["before"], exported["after"]) == (1733, change.published)
    assert (exported["before_raw"], exported["after_raw"]) == (1732.5, change.after)
    assert all(isinstance(exported[key], int) for key in ("before", "after"))
