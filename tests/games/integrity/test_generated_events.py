"""Generated events with full sheets: a clean one raises no flag; every anomaly planted in one
is flagged, and nothing else is (bench/sheet_event.py builds them, bench/sheet_plants.py plants)."""

import pytest

from bench.sheet_event import build_sheet_event
from games.integrity.selectors import event_flags

pytestmark = pytest.mark.django_db


def test_a_generated_event_with_full_sheets_raises_no_flag():
    event = build_sheet_event(players=12, rounds=3, seed=3)
    flags, checked = event_flags(event.tournament)
    assert checked == 18
    assert [f.message for f in flags] == []
