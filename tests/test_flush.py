"""A transactional test's teardown on PostgreSQL empties every table with DELETE (tests/flush.py)."""

import pytest
from django.core.management.color import no_style
from django.db import connection
from django.db.backends.postgresql.operations import DatabaseOperations

from tests import factories
from tests.flush import _truncate, sql_flush_by_delete
from tournaments.models import Division, Tournament

TABLES = ["tournaments_division", "tournaments_tournament"]


def operations() -> DatabaseOperations:
    return DatabaseOperations(connection)


def test_the_flush_deletes_from_every_table_with_the_foreign_keys_deferred():
    sql = sql_flush_by_delete(operations(), no_style(), TABLES)
    assert sql == [
        "SET CONSTRAINTS ALL DEFERRED;",
        'DELETE FROM "tournaments_division";',
        'DELETE FROM "tournaments_tournament";',
    ]


@pytest.mark.parametrize("asked", [{"reset_sequences": True}, {"allow_cascade": True}])
def test_a_flush_that_resets_sequences_or_cascades_is_django_s_own_truncate(asked):
    sql = sql_flush_by_delete(operations(), no_style(), TABLES, **asked)
    assert sql == _truncate(operations(), no_style(), TABLES, **asked)
    assert sql[0].startswith("TRUNCATE ")


def test_the_run_flushes_by_delete_on_postgresql_only():
    by_delete = DatabaseOperations.sql_flush is sql_flush_by_delete
    assert by_delete == (connection.vendor == "postgresql")


def test_no_tables_no_statements():
    assert sql_flush_by_delete(operations(), no_style(), []) == []


@pytest.mark.django_db(transaction=True)
def test_the_flush_the_run_uses_empties_tables_whose_rows_refer_to_each_other():
    from django.core.management import call_command

    factories.division(factories.tournament(director=factories.user()))
    assert Division.objects.count() == 1
    call_command("flush", verbosity=0, interactive=False)
    assert (Tournament.objects.count(), Division.objects.count()) == (0, 0)
