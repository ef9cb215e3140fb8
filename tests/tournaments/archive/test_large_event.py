"""A 400-player, 31-round division (12,400 games) round-trips quickly and unchanged."""

import time

import pytest

from tournaments.archive.export import archive_bytes
from tournaments.archive.restore import event_import
from tournaments.benchmarks_pages import build_division
from tournaments.selectors.divisions import division_rows

pytestmark = pytest.mark.django_db
SECONDS = 8


@pytest.mark.slow
def test_a_400_player_31_round_event_exports_and_imports_in_seconds_unchanged():
    division = build_division(players=400, rounds=31)
    began = time.perf_counter()
    data = archive_bytes(division.tournament)
    outcome = event_import(by=None, data=data, slug="bench-copy")
    seconds = time.perf_counter() - began
    copy = outcome.tournament.divisions.get()
    original, restored = division_rows(division), division_rows(copy)
    assert restored.standings() == original.standings()
    assert restored.crosstable() == original.crosstable()
    assert copy.round_set.count() == 31
    assert len(outcome.players_matched) == 400 and outcome.players_created == []
    assert seconds < SECONDS, f"export and import took {seconds:.1f} s"
