"""A consistent snapshot of the whole database in one dated file (``manage.py backup``).

SQLite is copied with its online backup API (``sqlite3.Connection.backup``), which copies every
page under one read lock: the copy is a working database even while the site writes, and is
opened as it stands. PostgreSQL is dumped with ``pg_dump`` in its custom format (restore with
``pg_restore``), given the same connection settings as the site; pg_dump reads one snapshot of
the database, so the dump is consistent too.
"""

from __future__ import annotations

import datetime
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.db import connections
from django.utils import timezone

from .refusal import Refusal, gettext_noop

PG_DUMP_SECONDS = 3600


class BackupError(Refusal):
    """A backup that could not be made, and why (shown with ``core.messages.translated``)."""


def backup_file(directory: Path, vendor: str, now: datetime.datetime) -> Path:
    suffix = "sqlite3" if vendor == "sqlite" else "dump"
    return directory / f"tournament-desk-{now:%Y-%m-%d-%H%M%S}.{suffix}"


def backup_database(directory: Path, *, using: str = "default") -> Path:
    """Write the snapshot into ``directory``; its path. Raises ``BackupError``."""
    connection = connections[using]
    if not directory.is_dir():
        raise BackupError(gettext_noop("There is no folder %(folder)s."), folder=str(directory))
    target = backup_file(directory, connection.vendor, timezone.localtime())
    if target.exists():
        raise BackupError(gettext_noop("%(file)s already exists."), file=str(target))
    if connection.vendor == "sqlite":
        sqlite_backup(connection, target)
    elif connection.vendor == "postgresql":
        pg_dump_backup(connection, target)
    else:
        raise BackupError(
            gettext_noop("Backups of a %(vendor)s database are not supported."),
            vendor=connection.vendor,
        )
    return target


def sqlite_backup(connection, target: Path) -> None:
    connection.ensure_connection()
    copy = sqlite3.connect(target)
    try:
        with copy:
            connection.connection.backup(copy)
    except sqlite3.Error as err:
        target.unlink(missing_ok=True)
        raise BackupError(
            gettext_noop("The SQLite backup failed: %(reason)s"), reason=str(err)
        ) from err
    finally:
        copy.close()


def pg_dump_command(connection, target: Path) -> tuple[list[str], dict | None]:
    """pg_dump's arguments and environment: host, port, user, database, password and SSL
    settings as Django's own ``dbshell`` would pass them to psql."""
    program = shutil.which("pg_dump")
    if program is None:
        raise BackupError(
            gettext_noop(
                "pg_dump is not installed, so PostgreSQL cannot be backed up "
                "(on Debian: apt-get install postgresql-client)."
            )
        )
    args, env = connection.client.settings_to_cmd_args_env(connection.settings_dict, [])
    return [program, "--format=custom", f"--file={target}", *args[1:]], env


def pg_dump_backup(connection, target: Path) -> None:
    args, env = pg_dump_command(connection, target)
    environment = {**os.environ, **env} if env else None
    try:
        done = subprocess.run(
            args, env=environment, capture_output=True, text=True, timeout=PG_DUMP_SECONDS
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        target.unlink(missing_ok=True)
        raise BackupError(gettext_noop("pg_dump failed: %(reason)s"), reason=str(err)) from err
    if done.returncode != 0:
        target.unlink(missing_ok=True)
        raise BackupError(
            gettext_noop("pg_dump failed (exit %(code)d): %(reason)s"),
            code=done.returncode,
            reason=done.stderr.strip(),
        )
