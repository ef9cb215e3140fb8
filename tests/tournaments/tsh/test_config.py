"""Reading config.tsh: divisions, config options, everything else kept."""

from __future__ import annotations

import pytest

from tournaments.tsh import TshDivisionEntry, TshError, read_config
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
    assert config.event_name == "Battle of the Brains"
    assert config.event_date == "4 Jan 2025"
    assert config.rating_system == "nsa2008"
    assert config.track_firsts is True


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
    assert (config.divisions, config.max_rounds, config.event_name, config.track_firsts) == (
        (),
        None,
        None,
        False,
    )


def test_division_line_without_file_is_reported():
    with pytest.raises(TshError) as caught:
        read_config(b"config max_rounds = 7\ndivision a\n")
    assert caught.value.template == m.CONFIG_BAD_LINE
    assert caught.value.params == {"line": 2, "text": "division a"}
