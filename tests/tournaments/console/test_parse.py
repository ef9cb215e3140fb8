"""The console's line parser: every spelling of a command (Desk name, TSH word, abbreviation),
the arguments each takes, bounded numbers and the refusals of lines it cannot read."""

import pytest

from core.forms import MAX_ROUND as FORMS_MAX_ROUND
from core.readers.numbers import OUT_OF_RANGE
from tournaments.console import words
from tournaments.console.parse import (
    HAND_PAIRING,
    LINE_TOO_LONG,
    MAX_AUDIT_ENTRY,
    MAX_LINE,
    MAX_ROUND,
    NO_PLAYER,
    NO_REPORT,
    TOO_MANY,
    TSH_PAIRING_NUMBERS,
    UNKNOWN_COMMAND,
    ConsoleRefusal,
    parse_line,
)
from tournaments.results.result_entry import (
    BAD_PLAYER,
    MAX_PLAYER_NUMBER,
    NOT_A_NUMBER,
    PLAYER_TOO_HIGH,
    WRONG_SHAPE,
)

SYSTEMS = {"swiss", "koth", "cop", "roundrobin", "ns"}


def refusal(text: str) -> ConsoleRefusal:
    with pytest.raises(ConsoleRefusal) as caught:
        parse_line(text, SYSTEMS)
    return caught.value


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("a", "result"),
        ("addscore", "result"),
        ("result", "result"),
        ("A", "result"),
        ("sp", "pairings"),
        ("showpairings", "pairings"),
        ("pairings", "pairings"),
        ("st", "standings"),
        ("Standings", "standings"),
        ("m", "missing"),
        ("sc 3", "player"),
        ("look Ann", "player"),
        ("player 3", "player"),
        ("scorecard 3", "player"),
        ("koth", "koth"),
        ("ns", "swiss"),
        ("newswiss", "swiss"),
        ("rr", "roundrobin"),
        ("cp", "cop"),
        ("chewpair", "cop"),
        ("rp", "random"),
        ("if", "fontes"),
        ("pair", "pair"),
        ("undo", "undo"),
        ("print standings", "print"),
        ("div", "division"),
        ("division", "division"),
        ("help", "help"),
        ("?", "help"),
        ("quit", "quit"),
        ("q", "quit"),
        ("eof", "quit"),
        ("EOF", "quit"),
    ],
)
def test_every_spelling_names_its_command(typed, name):
    assert parse_line(typed, SYSTEMS).word.name == name


def test_an_empty_line_is_no_command():
    assert parse_line("", SYSTEMS) is None
    assert parse_line("  \t ", SYSTEMS) is None


def test_an_unknown_word_is_refused_with_the_word():
    err = refusal("frobnicate 3")
    assert (err.template, err.params) == (UNKNOWN_COMMAND, {"word": "frobnicate"})


def test_a_result_line_after_a_is_one_result_of_the_current_round():
    assert parse_line("a 3 402 380", SYSTEMS).line == "3 402 380"
    assert parse_line("a 7 380 12 402", SYSTEMS).line == "7 380 12 402"
    assert parse_line("a f 12", SYSTEMS).line == "f 12"
    assert parse_line("addscore ff 3", SYSTEMS).line == "ff 3"


def test_a_with_a_round_and_division_opens_the_results_prompt_as_in_tsh():
    command = parse_line("a 3 d", SYSTEMS)
    assert (command.line, command.round, command.division) == ("", 3, "d")
    command = parse_line("a B", SYSTEMS)
    assert (command.line, command.round, command.division) == ("", None, "B")
    assert parse_line("a", SYSTEMS).round is None


@pytest.mark.parametrize("word", ["sp", "st", "m", "a"])
def test_round_and_division_come_in_either_order(word):
    for text in (f"{word} 4 B", f"{word} B 4"):
        command = parse_line(text, SYSTEMS)
        assert (command.round, command.division) == (4, "B")


@pytest.mark.parametrize(("number", "ok"), [("0", False), ("1", True), (str(MAX_ROUND), True)])
def test_a_round_is_bounded_at_both_ends(number, ok):
    if ok:
        assert parse_line(f"sp {number}", SYSTEMS).round == int(number)
    else:
        assert refusal(f"sp {number}").template == OUT_OF_RANGE


@pytest.mark.parametrize("number", [str(MAX_ROUND + 1), "-1", "9" * 40])
def test_a_round_out_of_bounds_is_refused_naming_the_bounds(number):
    err = refusal(f"sp {number}")
    assert (err.template, err.params) == (OUT_OF_RANGE, {"min": 1, "max": MAX_ROUND})
    err = refusal(f"st {number}")  # standings after round 0: the starting order
    assert (err.template, err.params) == (OUT_OF_RANGE, {"min": 0, "max": MAX_ROUND})


def test_rounds_are_bounded_as_the_pages_and_commands_bound_them():
    assert MAX_ROUND == FORMS_MAX_ROUND == 32_767


@pytest.mark.parametrize("digits", ["١", "۱", "１", "٣"])  # Arabic-Indic, Persian, full-width
def test_only_ascii_digits_are_numbers_as_on_every_page(digits):
    assert parse_line(f"sp {digits}", SYSTEMS).round is None  # a name, never round 1
    err = refusal(f"a {digits} 400 300")
    assert (err.template, err.params) == (NOT_A_NUMBER, {"token": digits})


def test_two_rounds_or_two_divisions_are_too_many():
    assert refusal("sp 1 2").template == TOO_MANY
    assert refusal("st A B").template == TOO_MANY


@pytest.mark.parametrize(
    ("text", "template", "params"),
    [
        ("a 3 402", WRONG_SHAPE, {}),  # a score missing: the page's reason, not "too many words"
        ("a 1 2 3 4 5", WRONG_SHAPE, {}),
        ("a 1 38o 380", NOT_A_NUMBER, {"token": "38o"}),
        ("a f 0", BAD_PLAYER, {"number": 0}),
    ],
)
def test_a_result_line_is_refused_with_the_result_entry_pages_reason(text, template, params):
    err = refusal(text)
    assert (err.template, err.params) == (template, params)


def test_pair_takes_a_round_a_system_and_a_division_in_any_order():
    command = parse_line("pair 4 ns A", SYSTEMS)
    assert (command.round, command.system, command.division) == (4, "ns", "A")
    command = parse_line("pair B swiss", SYSTEMS)
    assert (command.round, command.system, command.division) == (None, "swiss", "B")
    assert parse_line("pair", SYSTEMS).system is None


def test_pair_of_two_players_as_tsh_types_it_points_to_the_pairing_page():
    assert refusal("pair 3 7 2").template == HAND_PAIRING


def test_a_system_word_pairs_by_its_system():
    command = parse_line("ns 4", SYSTEMS)
    assert (command.system, command.round, command.division) == ("swiss", 4, None)
    assert parse_line("koth A", SYSTEMS).division == "A"
    assert parse_line("cp", SYSTEMS).system == "cop"


def test_tsh_repeats_and_based_on_round_are_refused_with_the_desk_form():
    err = refusal("koth 0 3 A")
    assert (err.template, err.params) == (TSH_PAIRING_NUMBERS, {"word": "koth"})
    assert refusal("ns 1 2").params == {"word": "ns"}


@pytest.mark.parametrize(
    ("number", "ok"), [("0", False), ("1", True), (str(MAX_PLAYER_NUMBER), True)]
)
def test_a_player_number_is_bounded(number, ok):
    if ok:
        assert parse_line(f"sc {number}", SYSTEMS).player == int(number)
    else:
        err = refusal(f"sc {number}")  # the result line's reason
        assert (err.template, err.params) == (BAD_PLAYER, {"number": 0})


def test_a_player_number_over_the_bound_is_refused():
    err = refusal(f"sc {MAX_PLAYER_NUMBER + 1}")
    assert (err.template, err.params) == (
        PLAYER_TOO_HIGH,
        {"most": MAX_PLAYER_NUMBER, "number": MAX_PLAYER_NUMBER + 1},
    )


def test_a_player_number_may_name_the_division_as_in_tsh():
    command = parse_line("sc 12 B", SYSTEMS)
    assert (command.player, command.division) == (12, "B")
    assert parse_line("sc 12 B x", SYSTEMS).name == "12 B x"  # three words: a name


def test_a_player_is_looked_up_by_name_with_every_word_typed():
    command = parse_line("look Ann  Smith", SYSTEMS)
    assert (command.player, command.name) == (None, "Ann Smith")
    assert refusal("look").template == NO_PLAYER


def test_undo_takes_nothing_or_a_bounded_audit_entry():
    assert parse_line("undo", SYSTEMS).entry is None
    assert parse_line("undo 12", SYSTEMS).entry == 12
    assert parse_line(f"undo {MAX_AUDIT_ENTRY}", SYSTEMS).entry == MAX_AUDIT_ENTRY
    assert refusal(f"undo {MAX_AUDIT_ENTRY + 1}").template == OUT_OF_RANGE
    assert refusal("undo 0").params == {"min": 1, "max": MAX_AUDIT_ENTRY}
    assert refusal("undo x").template == OUT_OF_RANGE
    assert refusal("undo 1 2").template == TOO_MANY


def test_print_names_a_report_then_a_round_and_division():
    command = parse_line("print Standings 3 B", SYSTEMS)
    assert (command.report, command.round, command.division) == ("standings", 3, "B")
    assert refusal("print").template == NO_REPORT
    assert refusal("print 3").template == NO_REPORT


def test_div_and_help_take_one_name_at_most():
    assert parse_line("div B", SYSTEMS).words == ("B",)
    assert parse_line("help sp", SYSTEMS).words == ("sp",)
    assert refusal("div A B").template == TOO_MANY
    assert refusal("quit now").template == TOO_MANY


@pytest.mark.parametrize(("length", "ok"), [(MAX_LINE, True), (MAX_LINE + 1, False)])
def test_a_line_is_bounded_in_length(length, ok):
    text = "look " + "x" * (length - 5)
    if ok:
        assert parse_line(text, SYSTEMS).word is words.PLAYER
    else:
        assert refusal(text).template == LINE_TOO_LONG


def test_every_word_has_one_meaning_and_completion_finds_it():
    spellings = [s for word in words.WORDS for s in word.spellings]
    assert len(spellings) == len(set(spellings))
    assert words.spellings_starting("s") == [
        "sc",
        "scorecard",
        "showpairings",
        "sp",
        "st",
        "standings",
        "swiss",
    ]
    assert words.system_words()["ns"] == "swiss"
