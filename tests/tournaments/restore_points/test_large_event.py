"""A 400-player, 31-round event with an audit entry per result comes back from its restore point
unchanged, in place and as a copy (the time it takes is `manage.py bench restore`'s figure, not
an assertion)."""

import pytest

from bench.restore import build_event
from core.models import AuditEntry
from tournaments.selectors.divisions import division_rows
from tournaments.services.restore_points import (
    restore_point_copy,
    restore_point_in_place,
    restore_point_take,
)

pytestmark = pytest.mark.django_db


def results_of(event) -> tuple:
    rows = division_rows(event.divisions.get())
    results = AuditEntry.objects.filter(tournament=event, action="result.record")
    return rows.standings(), rows.crosstable(), results.count()


@pytest.mark.slow
def test_a_400_player_31_round_event_comes_back_unchanged_in_place_and_as_a_copy():
    event = build_event(players=400, rounds=31)
    original = results_of(event)
    assert original[2] == 6_100
    point = restore_point_take(by=None, tournament=event)
    copy = restore_point_copy(by=None, tournament=event, point_id=point.pk).tournament
    assert results_of(copy) == original
    outcome, _before = restore_point_in_place(by=None, tournament=event, point_id=point.pk)
    assert outcome.tournament.pk == event.pk
    assert results_of(event) == original
    assert event.divisions.get().round_set.count() == 31
