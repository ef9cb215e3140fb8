"""A bad archive is refused whole, each problem named by its place in the archive, and the
database is exactly as it was."""

import copy
import json

import pytest
from django.db import connection, transaction

from tests.command_runs import database_state
from tournaments.archive import shape
from tournaments.archive.export import event_archive
from tournaments.archive.in_place import event_replace
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused

from .world import demo_event, small_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive(director):
    return event_archive(small_event(director))


def refused(data: bytes, slug: str | None = "copy") -> list[str]:
    """The problems of importing ``data``; the database must not have changed."""
    before = database_state()
    with pytest.raises(ArchiveRefused) as refusal:
        event_import(by=None, data=data, slug=slug)
    assert database_state() == before
    return refusal.value.problems


def encoded(archive: dict) -> bytes:
    return json.dumps(archive).encode()


def test_bytes_that_are_not_json_are_refused_with_the_line_and_column():
    assert refused(b'{"format": "tournament-desk-event",\n  "version": }') == [
        "The file is not JSON: Expecting value at line 2, column 14."
    ]


def test_bytes_that_are_not_utf8_are_refused():
    assert refused(b"\xff\xfe{}") == ["The file is not UTF-8 text."]


@pytest.mark.parametrize("document", [[], {"format": "tsh"}, "text", {"version": 1}])
def test_json_that_is_not_an_event_archive_is_refused(document):
    assert refused(json.dumps(document).encode()) == [
        "The file is not a Tournament Desk event archive."
    ]


@pytest.mark.parametrize("version", [0, 3, "1", "2", None])
def test_an_archive_of_another_version_is_refused(archive, version):
    archive["version"] = version
    assert refused(encoded(archive)) == [
        f"version: this site reads archives of version 2, not {json.dumps(version)}"
    ]


def test_a_version_1_archive_reads_payment_from_the_status():
    from tournaments.archive.check import upgraded

    old = {
        "version": 1,
        "divisions": [
            {
                "entries": [
                    {"status": "paid", "payment_note": ""},
                    {"status": "checked_in", "payment_note": "cash"},
                    {"status": "checked_in", "payment_note": ""},
                    {"status": "registered", "payment_note": ""},
                ]
            }
        ],
    }
    entries = upgraded(old)["divisions"][0]["entries"]
    assert [(e["status"], e["paid"]) for e in entries] == [
        ("registered", True),
        ("checked_in", True),
        ("checked_in", False),
        ("registered", False),
    ]
    assert upgraded(old)["version"] == 2


def test_a_version_2_archive_is_read_as_it_is():
    from tournaments.archive.check import upgraded

    current = {"version": 2, "divisions": [{"entries": [{"status": "registered"}]}]}
    assert upgraded(current) == current


def test_missing_top_level_keys_are_each_named(archive):
    del archive["divisions"], archive["games"]
    assert refused(encoded(archive)) == [
        "divisions: the key is missing",
        "games: the key is missing",
    ]


def test_a_missing_key_in_a_record_is_named_once_with_its_path(archive):
    # The entry's pairing still finds it: one fault, one problem.
    del archive["divisions"][0]["entries"][2]["rating"]
    assert refused(encoded(archive)) == ["divisions[0].entries[2]: the key “rating” is missing"]


def test_bad_values_are_named_with_their_paths_and_the_models_own_messages(archive):
    pairing = archive["divisions"][0]["rounds_paired"][0]["pairings"][1]
    pairing["first_score"] = "lots"
    pairing["kind"] = "draw"
    archive["tournament"]["start_date"] = "2026-02-30"
    archive["divisions"][0]["entries"][0]["status"] = "sleeping"
    assert refused(encoded(archive)) == [
        "tournament.start_date: “2026-02-30” value has the correct format (YYYY-MM-DD) but it is "
        "an invalid date.",
        "divisions[0].entries[0].status: Value 'sleeping' is not a valid choice.",
        "divisions[0].rounds_paired[0].pairings[1].kind: Value 'draw' is not a valid choice.",
        "divisions[0].rounds_paired[0].pairings[1].first_score: “lots” value must be an integer.",
    ]


def test_references_to_records_the_archive_lacks_are_named(archive):
    pairings = archive["divisions"][0]["rounds_paired"][0]["pairings"]
    pairings[0]["second"] = 999999
    archive["divisions"][0]["entries"][1]["player"] = 888888
    archive["audit"][0]["undoes"] = 777777
    assert refused(encoded(archive)) == [
        "divisions[0].entries[1].player: the archive holds no such record here (id 888888)",
        "divisions[0].rounds_paired[0].pairings[0].second: the archive holds no such record "
        "here (id 999999)",
        "audit[0].undoes: the archive holds no such record here (id 777777)",
    ]


def test_a_pairing_of_a_player_with_themselves_and_a_forfeit_by_an_outsider_are_refused(
    archive,
):
    pairings = archive["divisions"][0]["rounds_paired"][0]["pairings"]
    pairings[0]["second"] = pairings[0]["first"]
    pairings[1] |= {"kind": "forfeit", "forfeited_by": pairings[0]["first"]}
    assert refused(encoded(archive)) == [
        "divisions[0].rounds_paired[0].pairings[0].second: a player cannot play themselves",
        "divisions[0].rounds_paired[0].pairings[1].forfeited_by: only a player of this game can "
        "forfeit it",
    ]


def test_a_starting_record_of_more_games_than_the_rounds_missed_is_refused(archive):
    # One game a missed round is all a TSH or liwords file can carry of a late entry.
    entries = archive["divisions"][0]["entries"]
    entries[0] |= {"joins_at_round": 3, "starting_wins": "2.0", "starting_losses": "0.5"}
    entries[1] |= {"joins_at_round": 1, "starting_wins": "1.0", "starting_losses": "0.0"}
    assert refused(encoded(archive)) == [
        "divisions[0].entries[0].starting_wins: a starting record holds at most 2 games, one a "
        "round missed",
        "divisions[0].entries[1].starting_wins: a starting record holds at most 0 games, one a "
        "round missed",
    ]
    entries[0] |= {"starting_losses": "0.0"}  # 2 games for 2 rounds missed: taken
    entries[1] |= {"starting_wins": "0.0"}
    event_import(by=None, data=encoded(archive), slug="copy")


def test_an_archive_whose_slug_is_taken_is_refused_unless_given_another(archive):
    slug = archive["tournament"]["slug"]
    assert refused(encoded(archive), slug=None) == [
        f"tournament.slug: an event with the slug “{slug}” already exists; import it under "
        "another slug"
    ]
    assert event_import(by=None, data=encoded(archive), slug="another").tournament.slug == "another"


def test_a_bad_new_slug_is_refused(archive):
    assert refused(encoded(archive), slug="no spaces") == [
        "tournament.slug: Enter a valid “slug” consisting of Unicode letters, numbers, "
        "underscores, or hyphens."
    ]


def test_an_archive_over_the_size_limit_is_refused_before_it_is_read():
    assert refused(b" " * (shape.MAX_BYTES + 1)) == ["The archive is larger than 50 MB."]


def test_an_archive_at_the_size_limit_is_read(archive):
    data = encoded(archive)
    padded = data + b" " * (shape.MAX_BYTES - len(data))
    assert len(padded) == shape.MAX_BYTES
    assert event_import(by=None, data=padded, slug="copy").tournament.slug == "copy"


def test_more_than_thirty_problems_are_cut_short_with_a_count(archive):
    for entry in archive["divisions"][0]["entries"]:
        entry["rating"] = "x"
    archive["divisions"][0]["entries"] *= 10
    problems = refused(encoded(archive))
    assert len(problems) == 31
    assert problems[-1] == "… and 10 more problems."


def test_a_database_rule_broken_on_writing_rolls_everything_back(archive):
    # Two archive players that are one player here: the division would hold them twice.
    first, second = archive["players"][:2]
    second |= {"name": first["name"], "country": first["country"], "member_id": ""}
    first["member_id"] = ""
    problems = refused(encoded(archive))
    assert len(problems) == 1
    assert problems[0].startswith("The archive breaks a rule of the database: ")
    if connection.vendor == "sqlite":
        assert problems[0].endswith(
            "UNIQUE constraint failed: tournaments_entry.division_id, tournaments_entry.player_id"
        )
    else:
        assert 'violates unique constraint "entry_player_once"' in problems[0]


def test_an_archive_refusal_is_a_refusal_listing_every_problem():
    from core.refusal import Refusal
    from tournaments.archive.shape import ArchiveRefused

    refused = ArchiveRefused(["entries[0]: no name", "rounds[2]: no number"])
    assert isinstance(refused, Refusal)
    assert refused.problems == ["entries[0]: no name", "rounds[2]: no number"]
    assert str(refused) == (
        "The archive cannot be imported:\nentries[0]: no name\nrounds[2]: no number"
    )


def test_a_database_rule_broken_restoring_in_place_is_refused_the_same_way(director):
    event = small_event(director)
    archive = event_archive(event)
    first, second = archive["players"][:2]
    second |= {"name": first["name"], "country": first["country"], "member_id": ""}
    first["member_id"] = ""
    before = database_state()
    with pytest.raises(ArchiveRefused) as refusal, transaction.atomic():
        event_replace(by=None, tournament=event, data=encoded(archive))
    assert database_state() == before
    assert len(refusal.value.problems) == 1
    assert refusal.value.problems[0].startswith("The archive breaks a rule of the database: ")


@pytest.fixture(scope="module")
def demo_archive(django_db_setup, django_db_blocker):
    """The archive of the demo event (every section filled), made once and rolled back: each
    test imports it into a database without the event."""
    with django_db_blocker.unblock(), transaction.atomic():
        archive = event_archive(demo_event())
        transaction.set_rollback(True)
    return archive


INTEGER = "value must be an integer."
MOMENT = "value has an invalid format. It must be in YYYY-MM-DD HH:MM[:ss[.uuuuuu]][TZ] format."
TSH_FIELDS = "tsh_fields: must be an object of TSH's name, rating and tags as text"
RACKS = "end_racks: must be empty or one rack a side, each text or null"
NO_SUCH = "the archive holds no such record here (id"


@pytest.mark.parametrize(
    ("path", "value", "problem"),
    [
        # Values the model's own field checks skip (blank) or cannot read (a moment as a number).
        ("games.0.clock.since_ms", "", f"games[0].clock.since_ms: “” {INTEGER}"),
        ("games.0.clock.turn_of", "", f"games[0].clock.turn_of: “” {INTEGER}"),
        ("games.0.clock.last_turn_ms", [], f"games[0].clock.last_turn_ms: “[]” {INTEGER}"),
        (
            "divisions.0.entries.0.fixed_table",
            "",
            f"divisions[0].entries[0].fixed_table: “” {INTEGER}",
        ),
        ("divisions.0.pairing_plan", None, "divisions[0].pairing_plan: This field cannot be null."),
        ("audit.0.at", 1700000000, f"audit[0].at: “1700000000” {MOMENT}"),
        (
            "tournament.start_date",
            -1,
            "tournament.start_date: “-1” value has an invalid date format. It must be in YYYY-MM-DD format.",
        ),
        (
            "divisions.0.prize_settings",
            [1],
            "divisions[0].prize_settings: The prize setting “[1]” is not valid.",
        ),
        (
            "divisions.0.prize_settings",
            5,
            "divisions[0].prize_settings: The prize setting “5” is not valid.",
        ),
        ("roles.0.role", [], "roles[0].role: must be one of: assistant, director"),
        (
            "tournament.club",
            {"slug": "downtown"},
            "tournament.club: must be null or an object with an id and a slug",
        ),
        (
            "games.0.lexicon.id",
            [],
            "games[0].lexicon: must be null or an object with an id and a name",
        ),
        # Values the pages, standings, pairing and downloads would fail on, checked as the
        # services check them.
        ("tournament.rules", {"tie": 5}, "tournament.rules: 5 is not a valid value for tie."),
        ("tournament.rules", "x", "tournament.rules: must be an object"),
        (
            "divisions.0.tiebreaks",
            ["median"],
            "divisions[0].tiebreaks: Unknown tie-break “median”; use spread, cumulative or head_to_head.",
        ),
        ("divisions.0.tiebreaks", 5, "divisions[0].tiebreaks: must be a list"),
        (
            "divisions.0.pairing_plan",
            "1-3 bogus",
            "divisions[0].pairing_plan: There is no pairing system called “bogus”.",
        ),
        ("divisions.0.cop_settings", 5, "divisions[0].cop_settings: must be an object"),
        ("divisions.0.entries.0.tsh_fields", "x", f"divisions[0].entries[0].{TSH_FIELDS}"),
        (
            "divisions.0.entries.0.tsh_fields",
            {"tags": [["team", [1]]]},
            f"divisions[0].entries[0].{TSH_FIELDS}",
        ),
        (
            "divisions.0.entries.0.tsh_fields",
            {"rating": 1500},
            f"divisions[0].entries[0].{TSH_FIELDS}",
        ),
        (
            "games.0.rules",
            {"tie": "nonsense"},
            "games[0].rules: nonsense is not a valid value for tie.",
        ),
        ("games.0.rules", 5, "games[0].rules: must be an object"),
        ("games.0.end_racks", 5, f"games[0].{RACKS}"),
        ("games.0.end_racks", [1, "AB"], f"games[0].{RACKS}"),
        # References to records the archive does not hold.
        ("divisions.0.pins.0.first", 666666, f"divisions[0].pins[0].first: {NO_SUCH} 666666)"),
        ("score_reports.0.reported_by", 555555, f"score_reports[0].reported_by: {NO_SUCH} 555555)"),
        ("games.0.second_player", 444444, f"games[0].second_player: {NO_SUCH} 444444)"),
    ],
)
def test_a_hand_edited_value_is_refused_naming_its_field(demo_archive, path, value, problem):
    """Each edit alone: refused with its field named, nothing written (``refused``)."""
    archive = copy.deepcopy(demo_archive)
    *parents, key = [int(part) if part.isdigit() else part for part in path.split(".")]
    record = archive
    for part in parents:
        record = record[part]
    record[key] = value
    assert refused(encoded(archive)) == [problem]


def test_the_unedited_event_the_edits_start_from_imports(demo_archive):
    data = encoded(demo_archive)
    assert event_import(by=None, data=data, slug="copy").tournament.slug == "copy"
