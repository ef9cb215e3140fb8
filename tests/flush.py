"""How a transactional test empties the database after it (Django's flush without
``reset_sequences``, then ``post_migrate``).

Two costs that buy the next test nothing, measured on this machine:

- On PostgreSQL Django's flush is one ``TRUNCATE`` of every table: PostgreSQL gives each of the
  49 tables new files and takes them all under its strongest lock, about 150 ms however few rows
  a test wrote. ``DELETE FROM`` every table in one transaction empties them the same way in about
  10 ms: Django makes every foreign key ``DEFERRABLE INITIALLY DEFERRED``, so the order of the
  deletes does not matter, and a test's few rows are quick to delete.
- After the flush, ``post_migrate`` writes back the content types and permissions the flush
  deleted: about 80 ms. Left in place, they are found and nothing is written (about 30 ms). They
  are the rows migrate made, the same for every test; a test's own rows that refer to them
  (a user's permissions, an admin log entry) are deleted with the rest.

What is left is what Django's flush leaves: empty tables (but those two), sequences where they
were. A flush that asks to reset the sequences or to cascade (``manage.py flush``) is Django's own.
"""

from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLWrapper
from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteWrapper

# Each backend's operations class, reached through its wrapper (SQLite's operations module
# cannot be imported before its base).
PostgreSQL = PostgreSQLWrapper.ops_class
SQLite = SQLiteWrapper.ops_class

KEPT = frozenset({"django_content_type", "auth_permission"})  # what post_migrate writes back

_truncate = PostgreSQL.sql_flush
_sqlite_flush = SQLite.sql_flush


def _teardown(tables, reset_sequences: bool, allow_cascade: bool) -> list | None:
    """The tables a test's teardown empties, or None for a flush that is not a test's teardown."""
    if reset_sequences or allow_cascade:
        return None
    return [table for table in tables if table not in KEPT]


def sql_flush_by_delete(self, style, tables, *, reset_sequences=False, allow_cascade=False):
    """PostgreSQL's ``sql_flush``: one ``DELETE`` a table instead of ``TRUNCATE``, keeping
    ``KEPT``; run by ``execute_sql_flush`` in one transaction."""
    emptied = _teardown(tables, reset_sequences, allow_cascade)
    if emptied is None:
        return _truncate(
            self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
        )
    if not emptied:
        return []
    deletes = [
        f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};"
        for table in emptied
    ]
    return ["SET CONSTRAINTS ALL DEFERRED;", *deletes]


def sql_flush_keeping(self, style, tables, *, reset_sequences=False, allow_cascade=False):
    """SQLite's ``sql_flush`` (already one ``DELETE`` a table), keeping ``KEPT``."""
    emptied = _teardown(tables, reset_sequences, allow_cascade)
    return _sqlite_flush(
        self,
        style,
        tables if emptied is None else emptied,
        reset_sequences=reset_sequences,
        allow_cascade=allow_cascade,
    )
