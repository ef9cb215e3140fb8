"""Roster files at the edges: odd line endings, huge fields, repeats inside the file, and an
import whose queries do not grow with the number of rows."""

import pytest

from core.models import AuditEntry
from players.models import Player
from players.roster import MAX_ROSTER_ROWS, parse_roster
from players.services import roster_import
from tests import factories

pytestmark = pytest.mark.django_db
HEADER = "name,country,member_id,rating\n"


def problems(text: str) -> list[str]:
    return [str(p) for p in parse_roster(text).problems]


def test_cr_only_line_endings_are_read_as_lines():
    roster = parse_roster(HEADER.replace("\n", "\r") + "Ann Lee,GB,,1500\rBen Ng,SG,,1400\r")
    assert [row.name for row in roster.rows] == ["Ann Lee", "Ben Ng"]
    assert roster.problems == ()


def test_a_field_beyond_the_csv_limit_is_a_numbered_problem_not_a_crash():
    found = problems(HEADER + "Ann Lee,GB,,1500\n" + "x" * (128 * 1024 + 1) + ",GB,,1\n")
    assert found == ["Line 3: the line cannot be read as CSV (a field may be far too long)."]


def test_a_nul_anywhere_refuses_the_file():
    assert problems(HEADER + "Ann\x00 Lee,GB,,1500\n") == [
        "Line 1: The file contains a NUL character."
    ]


@pytest.mark.parametrize(
    "row, message",
    [
        ("a" * 121 + ",GB,,1500", "A name can have at most 120 characters (this one has 121)."),
        (
            "Ann Lee,GB," + "9" * 33 + ",1500",
            "A member id can have at most 32 characters (this one has 33).",
        ),
        ("Ann Lee,GB,,2³", "2³"),
    ],
)
def test_values_beyond_the_player_rules_are_numbered_problems(row, message):
    found = problems(HEADER + row + "\n")
    assert len(found) == 1 and found[0].startswith("Line 2: ") and message in found[0]


def test_names_and_member_ids_exactly_at_their_limits_are_taken():
    roster = parse_roster(HEADER + "a" * 120 + ",GB," + "9" * 32 + ",1500\n")
    assert roster.problems == () and len(roster.rows) == 1


def test_the_same_person_twice_in_a_file_needs_confirmation():
    text = HEADER + "Ann Lee,GB,,1500\nBen Ng,SG,,1400\nann lee,gb,,1500\n"
    outcome = roster_import(by=None, roster=parse_roster(text))
    assert [(row.line, earlier.line) for row, earlier in outcome.repeats] == [(4, 2)]
    assert Player.objects.count() == 0
    confirmed = roster_import(by=None, roster=parse_roster(text), confirm_duplicates=True)
    assert len(confirmed.created) == 3


def test_different_people_with_one_name_in_different_countries_are_not_repeats():
    text = HEADER + "Ann Lee,GB,,1500\nAnn Lee,SG,,1400\n"
    outcome = roster_import(by=None, roster=parse_roster(text))
    assert outcome.repeats == [] and len(outcome.created) == 2


def roster_of(count: int) -> str:
    return HEADER + "".join(f"Player {n},GB,M{n},{1000 + n % 2000}\n" for n in range(count))


def test_every_imported_player_is_audited_with_its_fields():
    outcome = roster_import(by=None, roster=parse_roster(roster_of(3)))
    # object_id is text: ids 9 and 10 sort "10" first, so the entries are put in id order here.
    entries = sorted(
        AuditEntry.objects.filter(action="player.create"), key=lambda e: int(e.object_id)
    )
    assert [int(e.object_id) for e in entries] == sorted(p.pk for p in outcome.created)
    assert [e.after["member_id"] for e in entries] == ["M0", "M1", "M2"]


# 300 players are five SQLite inserts of about seventy rows (999 parameters, 14 columns a player
# since the name parts), plus the audit entries' batches and the fixed reads.
@pytest.mark.parametrize("count, statements", [(10, 7), (300, 12)])
def test_the_import_writes_in_batches_not_row_by_row(
    count, statements, django_assert_max_num_queries
):
    # One read of the known players (and one of which look-alikes the importer may see), then
    # the players and their audit entries inserted in batches the database allows (hundreds of
    # rows a statement), inside one savepoint.
    factories.player("Player 5", country="GB")  # one existing look-alike, confirmed below
    roster = parse_roster(roster_of(count))
    with django_assert_max_num_queries(statements):
        outcome = roster_import(by=None, roster=roster, confirm_duplicates=True)
    assert len(outcome.created) == count
    assert [row.line for row, _ in outcome.duplicates] == [7]


def test_a_taken_member_id_is_found_through_the_index():
    factories.player("Someone Else", member_id="M2")
    outcome = roster_import(by=None, roster=parse_roster(roster_of(5)))
    assert outcome.problems == ["Line 4: member id M2 already belongs to Someone Else."]
    assert Player.objects.count() == 1


@pytest.mark.slow
def test_ten_thousand_rows_import_in_one_go():
    outcome = roster_import(by=None, roster=parse_roster(roster_of(10_000)))
    assert len(outcome.created) == 10_000
    assert Player.objects.count() == AuditEntry.objects.filter(action="player.create").count()


def test_a_roster_of_the_most_players_is_read_whole():
    # Blank lines are not players: they do not count against the limit.
    text = HEADER + "\n" + "".join(f"P{i},GB,,1\n" for i in range(MAX_ROSTER_ROWS))
    roster = parse_roster(text)
    assert roster.problems == () and len(roster.rows) == MAX_ROSTER_ROWS


def test_one_player_over_the_most_is_refused_with_a_message_and_nothing_saved():
    text = HEADER + "".join(f"P{i},GB,,1\n" for i in range(MAX_ROSTER_ROWS + 1)) + "x,XX1,,y\n"
    roster = parse_roster(text)
    message = (
        f"Line {MAX_ROSTER_ROWS + 2}: a roster can have at most 10000 players; this one has more."
    )
    assert [str(p) for p in roster.problems] == [message] and roster.rows == ()
    outcome = roster_import(by=None, roster=roster, confirm_duplicates=True)
    assert outcome.problems == [message]
    assert not Player.objects.exists() and not AuditEntry.objects.exists()
