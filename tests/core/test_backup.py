"""manage.py backup: a dated, consistent snapshot of the whole database that can be restored.

The suite runs on SQLite and again on PostgreSQL; the snapshot test checks the path of the
database it runs on (the SQLite online backup, or pg_dump), the refusals are checked on both."""

import re
import sqlite3
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management.base import CommandError
from django.db import connection
from django.db.backends.postgresql.client import DatabaseClient

from core import backup
from tests import factories
from tests.command_runs import run

SQLITE_NAME = re.compile(r"tournament-desk-\d{4}-\d{2}-\d{2}-\d{6}\.sqlite3")
PG_NAME = re.compile(r"tournament-desk-\d{4}-\d{2}-\d{2}-\d{6}\.dump")


def restored_players(path: Path) -> list[tuple[str, str]]:
    """The players of the snapshot, read back from a restored copy."""
    if connection.vendor == "sqlite":
        restored = sqlite3.connect(path)
        try:
            assert restored.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            return restored.execute("SELECT name, country FROM players_player").fetchall()
        finally:
            restored.close()
    # pg_restore writes the table's rows back out as the COPY a restore would run.
    script = subprocess.run(
        ["pg_restore", "--data-only", "--table=players_player", "--file=-", str(path)],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    header = next(line for line in script.splitlines() if line.startswith("COPY "))
    columns = header[header.index("(") + 1 : header.index(")")].split(", ")
    rows = script.split(header + "\n", 1)[1].split("\n\\.", 1)[0].splitlines()
    picked = [dict(zip(columns, row.split("\t"), strict=True)) for row in rows]
    return [(row["name"], row["country"]) for row in picked]


@pytest.mark.django_db(transaction=True)
def test_backup_writes_a_dated_snapshot_that_restores_with_its_rows(tmp_path):
    factories.player("Wanjiru Kamau", country="KE")
    output = run("backup", "--output", str(tmp_path))
    [written] = list(tmp_path.iterdir())
    assert output == f"Wrote {written}.\n"
    pattern = SQLITE_NAME if connection.vendor == "sqlite" else PG_NAME
    assert pattern.fullmatch(written.name)
    assert restored_players(written) == [("Wanjiru Kamau", "KE")]


@pytest.mark.django_db
def test_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(CommandError, match="There is no folder"):
        run("backup", "--output", str(tmp_path / "nowhere"))
    assert list(tmp_path.iterdir()) == []


def fake_postgres(tmp_path) -> SimpleNamespace:
    settings = {"NAME": "desk", "USER": "desk", "PASSWORD": "secret", "HOST": "db", "PORT": "5432",
                "OPTIONS": {}}  # fmt: skip
    return SimpleNamespace(vendor="postgresql", client=DatabaseClient, settings_dict=settings)


def test_pg_dump_gets_the_connection_settings_and_the_password_in_its_environment(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(backup.shutil, "which", lambda name: "/usr/bin/pg_dump")
    target = tmp_path / "x.dump"
    args, env = backup.pg_dump_command(fake_postgres(tmp_path), target)
    assert args == ["/usr/bin/pg_dump", "--format=custom", f"--file={target}",
                    "-U", "desk", "-h", "db", "-p", "5432", "desk"]  # fmt: skip
    assert env == {"PGPASSWORD": "secret"}


def test_a_missing_pg_dump_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(backup.shutil, "which", lambda name: None)
    with pytest.raises(backup.BackupError, match="pg_dump is not installed"):
        backup.pg_dump_backup(fake_postgres(tmp_path), tmp_path / "x.dump")
    assert list(tmp_path.iterdir()) == []


def test_a_failing_pg_dump_says_why_and_leaves_no_file(tmp_path, monkeypatch):
    program = tmp_path / "pg_dump"
    program.write_text('#!/bin/sh\nfor a; do case "$a" in --file=*) echo half > "${a#--file=}";; '
                       'esac; done\necho "connection refused" >&2\nexit 1\n')  # fmt: skip
    program.chmod(0o755)
    monkeypatch.setattr(backup.shutil, "which", lambda name: str(program))
    target = tmp_path / "x.dump"
    with pytest.raises(backup.BackupError) as refused:
        backup.pg_dump_backup(fake_postgres(tmp_path), target)
    assert str(refused.value) == "pg_dump failed (exit 1): connection refused"
    assert not target.exists()


def test_a_backup_refusal_keeps_its_template_to_be_shown_in_each_language(tmp_path):
    missing = tmp_path / "missing"
    with pytest.raises(backup.BackupError) as refused:
        backup.backup_database(missing)
    assert refused.value.template == "There is no folder %(folder)s."
    assert refused.value.params == {"folder": str(missing)}
