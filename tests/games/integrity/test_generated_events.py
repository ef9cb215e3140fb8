"""Generated events with full sheets: a clean one raises no flag; every anomaly planted in one
is flagged, and nothing else is (bench/sheet_event.py builds them, bench/sheet_plants.py plants)."""

import pytest

from bench.sheet_event import build_sheet_event, plan_event, save_event
from bench.sheet_plants import plant_after_save, plant_all
from games.integrity.selectors import event_flags

pytestmark = pytest.mark.django_db


def test_a_generated_event_with_full_sheets_raises_no_flag():
    event = build_sheet_event(players=12, rounds=3, seed=3)
    flags, checked = event_flags(event.tournament)
    assert checked == 18
    assert [f.message for f in flags] == []


def test_every_anomaly_planted_in_a_generated_event_is_flagged_and_nothing_else():
    planned = plan_event(players=20, rounds=4, seed=5)
    planted = plant_all(planned)
    save_event(planned)
    plant_after_save(planted)
    flags, _checked = event_flags(planned.tournament)
    expected = sorted((code, table.pairing.pk) for code, table in planted)
    assert len(planted) == 15
    assert sorted((f.code, f.pairing) for f in flags) == expected
