"""What the changes since the last complete publish touched, read from the audit log."""

import pytest

from core.audit import audit_record
from core.polled.stamps import latest_change
from publishing.touched import MOST_ENTRIES, touched_since
from tests.publishing.world import second_result, small_event
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    return small_event(director)


def test_a_result_touches_its_division_round_and_two_players(director, event):
    through = latest_change(event.pk)
    second_result(director, event)
    game = Pairing.objects.filter(round__division__tournament=event).order_by("table").last()
    touched = touched_since(event.pk, through)
    assert touched.divisions == {"A"}
    assert touched.rounds == {("A", 1)}
    assert touched.players == {("A", game.first.number), ("A", game.second.number)}


def test_nothing_since_touches_nothing(event):
    assert not touched_since(event.pk, latest_change(event.pk))


def test_a_change_of_another_kind_touches_nothing(director, event):
    through = latest_change(event.pk)
    audit_record(by=director, action="tournament.update", obj=event, tournament_id=event.pk)
    assert not touched_since(event.pk, through)


def test_up_to_the_bound_of_entries_a_first_stage_is_read_and_past_it_none(director, event):
    through = latest_change(event.pk)
    for _ in range(MOST_ENTRIES - 1):
        audit_record(by=director, action="tournament.update", obj=event, tournament_id=event.pk)
    second_result(director, event)
    assert touched_since(event.pk, through).divisions == {"A"}
    audit_record(by=director, action="tournament.update", obj=event, tournament_id=event.pk)
    assert not touched_since(event.pk, through)
