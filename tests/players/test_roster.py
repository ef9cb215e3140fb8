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


NOT_A_RATING = "is not a rating (a whole number from 0 to 3500)."


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        (",GB,X1,1500", "Line 2: A player needs a name."),
        ("   ,GB,X1,1500", "Line 2: A player needs a name."),
        (
            f"{'A' * 121},GB,X1,1500",
            "Line 2: A name can have at most 120 characters (this one has 121).",
        ),
        ("Anna,GBRX,X1,1500", "Line 2: “GBRX” is not a 2- or 3-letter country code."),
        ("Anna,G,X1,1500", "Line 2: “G” is not a 2- or 3-letter country code."),
        ("Anna,G1,X1,1500", "Line 2: “G1” is not a 2- or 3-letter country code."),
        (
            f"Anna,GB,{'M' * 33},1500",
            "Line 2: A member id can have at most 32 characters (this one has 33).",
        ),
        ("Anna,GB,X1,fifteen", f"Line 2: “fifteen” {NOT_A_RATING}"),
        ("Anna,GB,X1,-1", f"Line 2: “-1” {NOT_A_RATING}"),
        ("Anna,GB,X1,3501", f"Line 2: “3501” {NOT_A_RATING}"),
        ("Anna,GB,X1,2³", f"Line 2: “2³” {NOT_A_RATING}"),
        ("Anna,GB,X1,²", f"Line 2: “²” {NOT_A_RATING}"),
        ("Anna,GB,X1,1_500", f"Line 2: “1_500” {NOT_A_RATING}"),
        ("Anna,GB,X1,1500.0", f"Line 2: “1500.0” {NOT_A_RATING}"),
        ("Anna,GB,X1", "Line 2: expected 4 columns, found 3."),
    ],
)
def test_each_kind_of_bad_row_is_reported_with_its_line(row, reason):
    roster = parse_roster(f"name,country,member_id,rating\n{row}\nBen,GB,B2,1600\n")
    assert [str(p) for p in roster.problems] == [reason]
    assert [r.name for r in roster.rows] == ["Ben"]


def test_every_problem_of_a_row_is_reported():
    roster = parse_roster("name,country,member_id,rating\n,England,X1,high\n")
    assert [str(p) for p in roster.problems] == [
        "Line 2: A player needs a name.",
        "Line 2: “England” is not a 2- or 3-letter country code.",
        "Line 2: “high” is not a rating (a whole number from 0 to 3500).",
    ]
    assert roster.rows == ()


def test_values_at_each_limit_are_taken():
    name, member_id = "A" * 120, "M" * 32
    roster = parse_roster(
        f"name,country,member_id,rating\n{name},gb,{member_id},0\nBen,NGA,,3500\n"
    )
    assert roster.ok
    assert [(r.name, r.country, r.member_id, r.rating) for r in roster.rows] == [
        (name, "GB", member_id, 0),
        ("Ben", "NGA", "", 3500),
    ]


def test_cells_are_trimmed():
    roster = parse_roster("name,country,member_id,rating\n  Anna Smith , gb , A1 , 1500 \n")
    assert [(r.name, r.country, r.member_id, r.rating) for r in roster.rows] == [
        ("Anna Smith", "GB", "A1", 1500)
    ]


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
