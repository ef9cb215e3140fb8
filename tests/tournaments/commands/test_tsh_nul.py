"""A NUL character in a TSH file (the .t or config.tsh) is refused by line with a message and
nothing imported, on every database (PostgreSQL cannot store one: it was a traceback there)."""

import pytest
from django.core.management.base import CommandError

from tests.command_runs import database_state, run
from tournaments.tsh import TshError, read_t
from tournaments.tsh.config import read_config

pytestmark = pytest.mark.django_db

GOOD = b"Anna Ahlberg 1500 2; 400\nBen Brown 1400 1; 350\n"
WITH_NUL = b"Anna Ahlberg 1500 2; 400\nBen\x00Brown 1400 1; 350\n"
MESSAGE = "Line 2 holds a NUL character, which no name or value may contain; remove it."


def test_the_reader_names_the_line_with_a_nul():
    with pytest.raises(TshError) as refused:
        read_t(WITH_NUL)
    assert [(p.line, str(p)) for p in refused.value.problems] == [(2, MESSAGE)]


def test_the_same_file_without_the_nul_reads():
    assert [p.name for p in read_t(GOOD).players] == ["Anna Ahlberg", "Ben Brown"]


def test_import_tsh_refuses_a_nul_with_a_message_and_imports_nothing(tmp_path):
    path = tmp_path / "a.t"
    path.write_bytes(WITH_NUL)
    before = database_state()
    with pytest.raises(CommandError) as refused:
        run("import_tsh", str(path), "--name", "Nul Open")
    assert str(refused.value).splitlines() == ["Nothing was imported.", f"{path}:2: {MESSAGE}"]
    assert database_state() == before


def test_import_tsh_refuses_a_nul_in_the_config(tmp_path):
    t_file, config = tmp_path / "a.t", tmp_path / "config.tsh"
    t_file.write_bytes(GOOD)
    config.write_bytes(b"config rounds = 2\nconfig event_name = 'X\x00'\n")
    with pytest.raises(TshError) as refused:
        read_config(config.read_bytes())
    assert [p.line for p in refused.value.problems] == [2]
    before = database_state()
    with pytest.raises(CommandError) as command_refused:
        run("import_tsh", str(t_file), "--config", str(config), "--name", "Nul Open")
    assert MESSAGE in str(command_refused.value)
    assert database_state() == before


def test_import_tsh_of_the_clean_file_imports(tmp_path):
    path = tmp_path / "a.t"
    path.write_bytes(GOOD)
    assert "Imported 2 players (2 new)" in run("import_tsh", str(path), "--name", "Clean Open")
