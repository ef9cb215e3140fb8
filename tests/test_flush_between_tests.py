"""The flush after a transactional test empties every table, on each database the suite runs on
(on PostgreSQL as DELETEs in one transaction: tests/conftest.py, postgresql_flush_by_delete)."""

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection

from tests import factories
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db(transaction=True)


def flush_as_after_a_test() -> None:
    """The flush Django's TransactionTestCase runs after a test (without resetting sequences)."""
    call_command(
        "flush", interactive=False, verbosity=0, reset_sequences=False, inhibit_post_migrate=True
    )


def _rows_left() -> dict[str, int]:
    counts = {model._meta.label: model.objects.count() for model in apps.get_models()}
    return {label: count for label, count in counts.items() if count}


def test_a_flush_empties_tables_whose_rows_point_at_each_other():
    division = factories.division(factories.tournament(director=factories.user("flusher")))
    factories.round_with_pairings(division, factories.entries(division, 4))
    assert Pairing.objects.count() == 2
    assert len(_rows_left()) >= 6  # user, event, division, players, entries, round, pairings

    flush_as_after_a_test()

    assert _rows_left() == {}


def test_a_flush_keeps_the_id_sequences_going_as_truncate_without_restart_does():
    first = factories.user("before-flush").pk
    flush_as_after_a_test()
    after = factories.user("after-flush").pk
    assert after == first + 1


def test_only_postgresql_flushes_by_delete_and_a_sequence_reset_is_left_to_django():
    tables = ["tournaments_pairing", "tournaments_round"]
    statements = connection.ops.sql_flush(no_style(), tables)
    if connection.vendor == "postgresql":
        assert statements == [
            "SET CONSTRAINTS ALL DEFERRED",
            'DELETE FROM "tournaments_pairing"',
            'DELETE FROM "tournaments_round"',
        ]
        reset = connection.ops.sql_flush(no_style(), tables, reset_sequences=True)
        assert reset[0].startswith("TRUNCATE ") and "RESTART IDENTITY" in reset[0]
    else:  # SQLite's own flush, untouched
        assert statements == [
            'DELETE FROM "tournaments_pairing";',
            'DELETE FROM "tournaments_round";',
        ]
