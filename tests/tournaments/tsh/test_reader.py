"""Reading .t files: fields, tags, encodings, and every problem reported by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.tsh import TshError, display_name, read_t
from tournaments.tsh import messages as m

FIXTURES = Path(__file__).parent / "fixtures"


def problems_of(text: str | bytes) -> list[tuple[int, str, dict]]:
    data = text.encode() if isinstance(text, str) else text
    with pytest.raises(TshError) as caught:
        read_t(data)
    return [(p.line, p.template, p.params) for p in caught.value.problems]


def test_every_tag_file_reads_names_ratings_opponents_and_scores():
    division = read_t((FIXTURES / "every_tag.t").read_bytes())
    assert [p.number for p in division.players] == [1, 2, 3, 4]
    chew = division.player(1)
    assert (chew.name, chew.rating, chew.rating_value) == ("Chew, John", "1720", 1720)
    assert (chew.opponents, chew.scores) == ((2, 4, 3), (410, 350))
    assert division.player(4).rating == "1400+1300"
    assert division.player(4).rating_value == 1400


def test_every_tag_file_keeps_tags_in_order_including_unknown_ones():
    chew = read_t((FIXTURES / "every_tag.t").read_bytes()).player(1)
    assert [tag for tag, _ in chew.tags] == [
        "board",
        "newr",
        "p12",
        "rrank",
        "team",
        "rtime",
        "time",
        "lifeg",
        "class",
        "mystery",
    ]
    assert chew.tag("mystery") == ("x", "y", "z")
    assert chew.tag("team") == ("Toronto",)
    assert chew.tag("absent") is None
    assert chew.p12 == (1, 2, 1)


def test_off_tag_marks_player_withdrawn_and_empty_tag_has_no_values():
    division = read_t((FIXTURES / "every_tag.t").read_bytes())
    assert division.player(2).withdrawn is True
    assert division.player(1).withdrawn is False
    assert division.player(4).tag("penalty") == ()


def test_comments_and_blank_lines_do_not_count_as_players():
    text = "# header\n\nA, B 1500 2; 400\n   # indented comment\nC, D 1400 1; 350\n"
    division = read_t(text.encode())
    assert [(p.number, p.name) for p in division.players] == [(1, "A, B"), (2, "C, D")]


def test_name_runs_to_the_first_whole_number_and_may_contain_digits():
    division = read_t(b"Chang Ching Wei,1 2121 2; 504\nSmith 3rd, Al 1900 1; 323\n")
    assert division.player(1).name == "Chang Ching Wei,1"
    assert division.player(2).name == "Smith 3rd, Al"


def test_line_without_semicolon_is_an_unpaired_player():
    division = read_t(b"Lone, Player 1500\n")
    assert (division.player(1).opponents, division.player(1).scores) == ((), ())


def test_utf8_is_used_when_valid_and_latin1_otherwise():
    utf8 = "Müller, Jürgen 1500 2; 400\nÅberg, Lars 1400 1; 300\n".encode()
    assert read_t(utf8).player(1).name == "Müller, Jürgen"
    latin1 = "Müller, Jürgen 1500 2; 400\nÅberg, Lars 1400 1; 300\n".encode("iso-8859-1")
    assert read_t(latin1).player(2).name == "Åberg, Lars"
    assert read_t(b"\xef\xbb\xbf" + utf8).player(1).name == "Müller, Jürgen"


def test_crlf_line_ends_are_accepted():
    assert read_t(b"A, B 1500 2; 400\r\nC, D 1400 1; 350\r\n").player(2).scores == (350,)


def test_display_name_turns_last_first_around():
    assert display_name("Chew, John") == "John Chew"
    assert display_name("Nigel Richards") == "Nigel Richards"
    assert display_name("Cher,") == "Cher,"


def test_missing_rating_is_reported_with_line_number():
    assert problems_of("A, B 1500 2; 400\nNo Rating Here\n") == [
        (2, m.NO_RATING, {"line": 2, "name": "No Rating Here"}),
    ]


def test_missing_name_is_reported():
    [(line, template, _)] = problems_of("1500 2 3; 400\n")
    assert (line, template) == (1, m.NO_NAME)


def test_non_numeric_opponent_score_and_tag_values_are_reported():
    found = problems_of(
        "A, B 1500 2 x; 400 4o0; board 1 b; p12 1 2\nC, D 1400 1 1; 1 2; newr 9 nine\n"
    )
    assert [(line, params["field"], params["value"]) for line, _, params in found] == [
        (1, "opponent", "x"),
        (1, "score", "4o0"),
        (1, "board", "b"),
        (2, "newr", "nine"),
    ]
    assert all(template == m.NOT_A_NUMBER for _, template, _ in found)


def test_negative_opponent_is_not_a_number_of_a_player():
    [(_, template, params)] = problems_of("A, B 1500 -2; 400\nC, D 1400 0; 50\n")
    assert (template, params["value"]) == (m.NOT_A_NUMBER, "-2")


def test_more_scores_than_opponents_is_reported():
    [(line, template, params)] = problems_of("A, B 1500 0; 50 50\n")
    assert (line, template, params["scores"], params["opponents"]) == (1, m.TOO_MANY_SCORES, 2, 1)


def test_opponent_out_of_range_and_self_pairing_are_reported():
    found = problems_of("A, B 1500 3; 400\nC, D 1400 2; 350\n")
    assert [(line, template) for line, template, _ in found] == [
        (1, m.OPPONENT_OUT_OF_RANGE),
        (2, m.PAIRED_WITH_SELF),
    ]
    assert found[0][2]["players"] == 2


def test_pairing_not_pointing_back_is_reported_on_the_wrong_line():
    text = "A, B 1500 2; 400\nC, D 1400 3; 350\nE, F 1300 2; 300\n"
    [(line, template, params)] = problems_of(text)
    assert (line, template, params["opponent"], params["their_opponent"]) == (
        1,
        m.NOT_RECIPROCATED,
        2,
        "3",
    )


def test_scored_game_against_unpaired_opponent_is_reported():
    [(line, template, params)] = problems_of("A, B 1500 2; 400\nC, D 1400\n")
    assert (line, template, params["their_opponent"]) == (1, m.NOT_RECIPROCATED, "-")


def test_pending_round_may_be_paired_on_one_side_only():
    division = read_t(b"A, B 1500 2 2; 400\nC, D 1400 1; 350\n")
    assert division.player(1).opponents == (2, 2)


def test_score_without_opponent_score_is_reported():
    [(line, template, params)] = problems_of("A, B 1500 2 2; 400 410\nC, D 1400 1 1; 350\n")
    assert (line, template, params["round"]) == (1, m.OPPONENT_UNSCORED, 2)


def test_bad_p12_values_are_reported_per_round():
    found = problems_of("A, B 1500 2; 400; p12 5\nC, D 1400 1; 350; p12 x\n")
    assert [
        (line, template, params["value"], params["round"]) for line, template, params in found
    ] == [
        (1, m.BAD_P12, "5", 1),
        (2, m.BAD_P12, "x", 1),
    ]


def test_both_players_first_or_second_is_reported_once():
    found = problems_of("A, B 1500 2 2; 400 300; p12 1 2\nC, D 1400 1 1; 350 310; p12 1 2\n")
    assert [(line, template, params["round"]) for line, template, params in found] == [
        (1, m.BOTH_FIRST, 1),
        (1, m.BOTH_SECOND, 2),
    ]


def test_field_without_tag_name_is_reported():
    [(line, template, params)] = problems_of("A, B 1500 0; 50; 12 13\n")
    assert (line, template, params["field"]) == (1, m.BAD_TAG, "12 13")


def test_empty_file_has_no_players():
    [(line, template, _)] = problems_of(b"# only a comment\n\n")
    assert (line, template) == (0, m.NO_PLAYERS)


def test_all_problems_are_collected_in_line_order_and_first_is_the_message():
    with pytest.raises(TshError) as caught:
        read_t(b"A, B 1500 9; 400\nbad line\nC, D 1400 0; 50 50\n")
    error = caught.value
    assert [p.line for p in error.problems] == [1, 2, 3]
    assert error.template == m.OPPONENT_OUT_OF_RANGE
    assert error.params == {"line": 1, "round": 1, "opponent": 9, "players": 3}
    assert str(error) == "Line 1: round 1 opponent 9 is not a player number (1 to 3). (+2 more)"
    assert str(error.problems[1]) == "Line 2: no rating follows the name bad line."
