"""Players, clubs and memberships from the command line: import_roster, add_player, add_club,
add_member. Each refusal leaves the database as it was."""

import datetime

import pytest

from clubs.models import Club, Membership
from core.models import AuditEntry
from players.models import Player
from tests import factories
from tests.command_runs import database_state, refused, run

pytestmark = pytest.mark.django_db

ROSTER = "name,country,member_id,rating\nAnna Smith,gb,N100,1850\n山田 太郎,JP,,\n"


@pytest.fixture
def roster_file(tmp_path):
    def write(text: str):
        path = tmp_path / "roster.csv"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


def test_import_roster_adds_every_row(roster_file):
    out = run("import_roster", roster_file(ROSTER))
    assert out == "2 players imported.\n"
    anna = Player.objects.get(member_id="N100")
    assert (anna.name, anna.country, anna.rating) == ("Anna Smith", "GB", 1850)
    assert Player.objects.filter(name="山田 太郎", country="JP", rating=None).count() == 1
    assert AuditEntry.objects.filter(action="player.create", actor=None).count() == 2


def test_import_roster_names_every_bad_line_and_imports_nothing(roster_file):
    text = "name,country,rating\nAnna Smith,GB,1850\n,GB,1700\nBen Jones,England,1600\n"
    message = refused("import_roster", roster_file(text))
    assert message.splitlines() == [
        "Nothing was imported.",
        "Line 3: A player needs a name.",
        "Line 4: “England” is not a 2- or 3-letter country code.",
    ]


def test_import_roster_stops_at_duplicates_unless_confirmed(roster_file, capsys):
    known = factories.player("Anna Smith", country="GB")
    path = roster_file("name,country\nAnna Smith,GB\nBen Jones,GB\n")
    message = refused("import_roster", path)
    assert "pass --confirm-duplicates" in message
    out = run("import_roster", path, "--confirm-duplicates")
    assert out.splitlines() == [
        f"Line 2: Anna Smith looks like Anna Smith (id {known.pk}, GB).",
        "2 players imported.",
    ]
    assert Player.objects.filter(name="Anna Smith").count() == 2


def test_import_roster_refuses_a_member_id_already_taken(roster_file):
    factories.player("Someone Else", member_id="N100")
    message = refused("import_roster", roster_file(ROSTER))
    assert message.splitlines() == [
        "Nothing was imported.",
        "Line 2: member id N100 already belongs to Someone Else.",
    ]


def test_import_roster_dry_run_saves_nothing(roster_file):
    before = database_state()
    out = run("import_roster", roster_file(ROSTER), "--dry-run")
    assert out == "2 players would be imported (dry run: nothing was saved).\n"
    assert database_state() == before


def test_import_roster_refuses_a_missing_file(tmp_path):
    message = refused("import_roster", str(tmp_path / "none.csv"))
    assert message.startswith(f"Cannot read {tmp_path / 'none.csv'}: ")


def test_add_player_prints_the_new_id():
    out = run(
        "add_player", "Anna Smith", "--country", "gb", "--member-id", "N7", "--rating", "1500"
    )
    anna = Player.objects.get()
    assert out == f"Added Anna Smith (player id {anna.pk}).\n"
    assert (anna.country, anna.member_id, anna.rating, anna.sort_name) == (
        "GB",
        "N7",
        1500,
        "Smith, Anna",
    )
    assert AuditEntry.objects.get().action == "player.create"


def test_add_player_refuses_a_likely_duplicate_unless_confirmed():
    factories.player("Anna Smith", country="GB")
    message = refused("add_player", "anna smith", "--country", "GB")
    assert message.splitlines() == [
        "A player like this already exists: Anna Smith (GB).",
        "Pass --confirm-duplicate to add them anyway.",
    ]
    run("add_player", "anna smith", "--country", "GB", "--confirm-duplicate")
    assert Player.objects.filter(name__iexact="anna smith").count() == 2


def test_add_player_refuses_a_taken_member_id_even_when_confirmed():
    factories.player("Ben Jones", member_id="N7")
    message = refused("add_player", "Anna Smith", "--member-id", "N7", "--confirm-duplicate")
    assert message == "Member id N7 already belongs to another player."


def test_add_player_refuses_an_empty_name():
    assert refused("add_player", "  ") == "A player needs a name."


@pytest.mark.parametrize("rating", ["high", "2³", "-1", "3501"])
def test_add_player_refuses_a_rating_that_is_not_one(rating):
    assert refused("add_player", "Anna", "--rating", rating) == (
        f"“{rating}” is not a rating (a whole number from 0 to 3500)."
    )


def test_add_player_takes_ratings_at_both_limits():
    run("add_player", "Anna", "--rating", "0")
    run("add_player", "Ben", "--rating", "3500")
    assert dict(Player.objects.values_list("name", "rating")) == {"Anna": 0, "Ben": 3500}


def test_add_player_names_every_bad_argument():
    message = refused("add_player", "A" * 121, "--country", "England", "--member-id", "M" * 33)
    assert message.splitlines() == [
        "A name can have at most 120 characters (this one has 121).",
        "“England” is not a 2- or 3-letter country code.",
        "A member id can have at most 32 characters (this one has 33).",
    ]


def test_add_club_makes_a_slug_from_the_name():
    factories.club("Leeds", slug="leeds")
    out = run("add_club", "Leeds", "--city", "Leeds", "--country", "gb")
    club = Club.objects.get(slug="leeds-2")
    assert out == "Added the club Leeds (slug leeds-2).\n"
    assert (club.city, club.country) == ("Leeds", "GB")
    assert AuditEntry.objects.get().action == "club.create"


def test_add_club_refuses_an_empty_name():
    assert refused("add_club", "") == "name: This field cannot be blank."


def test_add_member_adds_an_officer_from_a_day():
    club = factories.club("Leeds", slug="leeds")
    anna = factories.player("Anna Smith")
    out = run("add_member", "leeds", str(anna.pk), "--role", "officer", "--since", "2024-09-01")
    assert out == "Anna Smith joined Leeds (Officer).\n"
    membership = Membership.objects.get()
    assert (membership.club, membership.player, membership.role, membership.since) == (
        club,
        anna,
        "officer",
        datetime.date(2024, 9, 1),
    )
    assert AuditEntry.objects.get().scope == f"club:{club.pk}"


def test_add_member_refuses_an_unknown_club_or_player():
    factories.club("Leeds", slug="leeds")
    anna = factories.player("Anna Smith")
    assert refused("add_member", "york", str(anna.pk)) == "No club has the slug “york”."
    assert refused("add_member", "leeds", str(anna.pk + 100)) == (
        f"No player has the id {anna.pk + 100}."
    )


def test_add_member_refuses_a_day_that_is_not_a_date():
    factories.club("Leeds", slug="leeds")
    anna = factories.player("Anna Smith")
    message = refused("add_member", "leeds", str(anna.pk), "--since", "1/9/24")
    assert "“1/9/24” is not a day (write it YYYY-MM-DD)." in message
