"""Reading config.tsh: divisions, config options, everything else kept."""

from __future__ import annotations

import pytest

from tournaments.tsh import TshAutopair, TshDivisionEntry, TshError, read_config
from tournaments.tsh import messages as m

CONFIG = b"""# sample
division a a.t
division "b" "b division.t"
classes a 3
config max_rounds = 8
config event_name = "Battle of the Brains"
config event_date = '4 Jan 2025';
config rating_system = 'nsa2008'
config track_firsts = 1
config realm = $ENV{REALM}
autopair a 0 1 rr a
prize rank 1 A $25000
perl print "Hello, world\\n";
"""


def test_divisions_and_known_options_are_read():
    config = read_config(CONFIG)
    assert config.divisions == (
        TshDivisionEntry("a", "a.t"),
        TshDivisionEntry("b", "b division.t"),
    )
    assert config.max_rounds == 8
    assert config.options["event_name"] == "Battle of the Brains"
    assert config.options["event_date"] == "4 Jan 2025"
    assert config.options["rating_system"] == "nsa2008"
    assert config.options["track_firsts"] == 1


def test_unknown_option_values_are_kept_as_written_and_other_lines_kept():
    config = read_config(CONFIG)
    assert config.options["realm"] == "$ENV{REALM}"
    assert config.other_lines == (
        "classes a 3",
        "autopair a 0 1 rr a",
        "prize rank 1 A $25000",
        'perl print "Hello, world\\n";',
    )


def test_empty_config_has_nothing_set():
    config = read_config(b"# nothing\n")
    assert (config.divisions, config.max_rounds, dict(config.options)) == ((), None, {})


def test_division_line_without_file_is_reported():
    with pytest.raises(TshError) as caught:
        read_config(b"config max_rounds = 7\ndivision a\n")
    assert caught.value.template == m.CONFIG_BAD_LINE
    assert caught.value.params == {"line": 2, "text": "division a"}


def test_autopair_lines_are_read_in_both_of_tshs_spellings_and_kept():
    config = read_config(
        b"autopair a 0 1 rr a\n"
        b"AUTOPAIR B 3 4 koth 2 3 b\n"
        b"config autopair{'C'}[5] = [4, 'NS', 1, 4, 'C'];\n"
    )
    assert config.autopair == (
        TshAutopair("a", 1, 0, "rr", ("a",)),
        TshAutopair("b", 4, 3, "koth", ("2", "3", "b")),
        TshAutopair("c", 5, 4, "ns", ("1", "4", "C")),
    )
    assert len(config.other_lines) == 3 and config.autopair_problems == ()


@pytest.mark.parametrize(
    "text",
    [
        "autopair a 1 1 koth 0 1 a",  # based on its own round
        "autopair a 0 1001 koth 0 0 a",  # past the last round a line may name
        "autopair a 0 koth",  # no round
        "config autopair{'A'}[2] = [2, 'koth'];",
    ],
)
def test_an_unreadable_autopair_line_is_a_problem_kept_for_the_checker_not_a_refusal(text):
    config = read_config(text.encode() + b"\nconfig max_rounds = 4\n")
    ((problem,),) = (config.autopair_problems,)
    assert (problem.template, problem.params["line"], config.max_rounds) == (
        m.CONFIG_BAD_AUTOPAIR,
        1,
        4,
    )
    assert config.autopair == ()


def test_the_last_round_an_autopair_line_may_name_is_read():
    (line,) = read_config(b"autopair a 999 1000 koth 0 999 a\n").autopair
    assert (line.round, line.based_on) == (1000, 999)


def test_a_whole_autopair_hash_in_perl_is_kept_as_an_option_as_written():
    config = read_config(b"config autopair = { 'A' => [] }\n")
    assert (config.options["autopair"], config.autopair, config.autopair_problems) == (
        "{ 'A' => [] }",
        (),
        (),
    )
