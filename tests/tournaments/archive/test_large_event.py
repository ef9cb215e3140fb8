"""A 400-player, 31-round division (12,400 games) round-trips unchanged (its speed is a figure
for the closing note, not an assertion)."""

import pytest

from bench.pages import build_division
from tournaments.archive.export import archive_bytes
from tournaments.archive.restore import event_import
from tournaments.selectors.divisions import division_rows

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_a_400_player_31_round_event_exports_and_imports_unchanged():
    division = build_division(players=400, rounds=31)
    data = archive_bytes(division.tournament)
    outcome = event_import(by=None, data=data, slug="bench-copy")
    copy = outcome.tournament.divisions.get()
    original, restored = division_rows(division), division_rows(copy)
    assert restored.standings() == original.standings()
    assert restored.crosstable() == original.crosstable()
    assert copy.round_set.count() == 31
    assert len(outcome.players_matched) == 400 and outcome.players_created == []
