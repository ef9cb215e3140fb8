"""A transactional test's teardown keeps what post_migrate writes back and, on PostgreSQL,
empties the rest with DELETE (tests/flush.py)."""

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection

from tests import factories
from tests.flush import (
    PostgreSQL,
    SQLite,
    _sqlite_flush,
    _truncate,
    sql_flush_by_delete,
    sql_flush_keeping,
)
from tournaments.models import Division, Tournament

TABLES = [
    "auth_permission",
    "django_content_type",
    "tournaments_division",
    "tournaments_tournament",
]


def test_a_teardown_on_postgresql_deletes_from_every_table_but_the_kept_ones():
    sql = sql_flush_by_delete(PostgreSQL(connection), no_style(), TABLES)
    assert sql == [
        "SET CONSTRAINTS ALL DEFERRED;",
        'DELETE FROM "tournaments_division";',
        'DELETE FROM "tournaments_tournament";',
    ]


def test_a_teardown_on_sqlite_is_django_s_delete_of_every_table_but_the_kept_ones():
    sql = sql_flush_keeping(SQLite(connection), no_style(), TABLES)
    kept_out = _sqlite_flush(SQLite(connection), no_style(), TABLES[2:])
    assert sql == kept_out
    assert not any("auth_permission" in line or "django_content_type" in line for line in sql)
    assert len(sql) == 2


@pytest.mark.parametrize("asked", [{"reset_sequences": True}, {"allow_cascade": True}])
def test_a_flush_that_resets_sequences_or_cascades_on_postgresql_is_django_s_truncate(asked):
    sql = sql_flush_by_delete(PostgreSQL(connection), no_style(), TABLES, **asked)
    assert sql == _truncate(PostgreSQL(connection), no_style(), TABLES, **asked)
    assert sql[0].startswith("TRUNCATE ") and "auth_permission" in sql[0]


def test_a_flush_that_resets_sequences_on_sqlite_is_django_s_own():
    sql = sql_flush_keeping(SQLite(connection), no_style(), TABLES, reset_sequences=True)
    assert sql == _sqlite_flush(SQLite(connection), no_style(), TABLES, reset_sequences=True)
    assert any("auth_permission" in line for line in sql)


def test_only_kept_tables_no_statements():
    assert sql_flush_by_delete(PostgreSQL(connection), no_style(), TABLES[:2]) == []
    assert sql_flush_by_delete(PostgreSQL(connection), no_style(), []) == []


def test_the_run_uses_the_quick_teardown_on_both_databases():
    assert PostgreSQL.sql_flush is sql_flush_by_delete
    assert SQLite.sql_flush is sql_flush_keeping


def ids(model) -> list[int]:
    return list(model.objects.order_by("pk").values_list("pk", flat=True))


@pytest.mark.django_db(transaction=True)
def test_a_teardown_flush_empties_rows_that_refer_to_each_other_and_keeps_the_permissions():
    user = factories.user()
    user.user_permissions.set(Permission.objects.filter(content_type__app_label="ratings"))
    factories.division(factories.tournament(director=user))
    kinds, permissions = ids(ContentType), ids(Permission)
    call_command("flush", verbosity=0, interactive=False, reset_sequences=False)
    assert (Tournament.objects.count(), Division.objects.count()) == (0, 0)
    assert not Permission.user_set.through.objects.exists()
    assert (ids(ContentType), ids(Permission)) == (kinds, permissions)  # the same rows, kept
    assert len(permissions) > len(kinds) > 40
