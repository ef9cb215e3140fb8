"""Reading a CSV roster: every bad row is reported with its line number and reason."""

import pytest

from players.roster import decode_upload, parse_roster

GOOD = "name,country,member_id,rating\nAnna Smith,GB,A1,1500\n王小明,TW,,\nBen Okafor,ng,B2,1820\n"


def test_good_roster_gives_every_row():
    roster = parse_roster(GOOD)
    assert roster.ok
    assert [(r.line, r.name, r.country, r.member_id, r.rating) for r in roster.rows] == [
        (2, "Anna Smith", "GB", "A1", 1500),
        (3, "王小明", "TW", "", None),
        (4, "Ben Okafor", "NG", "B2", 1820),
    ]


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        (",GB,X1,1500", "Line 2: the name is missing."),
        ("Anna,GBRX,X1,1500", "Line 2: 'GBRX' is not a 2- or 3-letter country code."),
        (
            "Anna,GB,X1,fifteen",
            "Line 2: 'fifteen' is not a rating (a whole number from 0 to 3500).",
        ),
        ("Anna,GB,X1,-5", "Line 2: '-5' is not a rating (a whole number from 0 to 3500)."),
        ("Anna,GB,X1,9999", "Line 2: '9999' is not a rating (a whole number from 0 to 3500)."),
        ("Anna,GB,X1", "Line 2: expected 4 columns, found 3."),
    ],
)
def test_each_kind_of_bad_row_is_reported_with_its_line(row, reason):
    roster = parse_roster(f"name,country,member_id,rating\n{row}\nBen,GB,B2,1600\n")
    assert [str(p) for p in roster.problems] == [reason]
    assert [r.name for r in roster.rows] == ["Ben"]


def test_repeated_member_id_names_the_first_line():
    roster = parse_roster("name,country,member_id,rating\nAnna,GB,X1,1\nBen,GB,X1,2\n")
    assert [str(p) for p in roster.problems] == ["Line 3: member id X1 already appears on line 2."]


def test_bad_header_is_refused():
    roster = parse_roster("who,where\nAnna,GB\n")
    assert roster.rows == ()
    assert str(roster.problems[0]).startswith("Line 1: The header must name the columns")


def test_empty_file_is_refused():
    assert [str(p) for p in parse_roster("").problems] == ["Line 1: The file is empty."]


def test_header_only_has_no_players():
    assert [str(p) for p in parse_roster("name\n").problems] == ["Line 1: The file has no players."]


def test_upload_decoding_falls_back_to_latin1():
    assert decode_upload("Chloé".encode()) == "Chloé"
    assert decode_upload("Chloé".encode("iso-8859-1")) == "Chloé"
    assert decode_upload("\ufeffname".encode("utf-8")) == "name"
