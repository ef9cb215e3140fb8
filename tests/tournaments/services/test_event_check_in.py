"""One switch for the whole event (issue 33): check-in opened and closed in every division at
once, and the players who did not come withdrawn across every division."""

import pytest

from core.models import AuditEntry
from tests import factories
from tournaments.models import Entry
from tournaments.services import check_in, event_check_in
from tournaments.services.check_in import CheckInRefused

pytestmark = pytest.mark.django_db


@pytest.fixture
def divisions(event):
    made = []
    for name in ("A", "B"):
        division = factories.division(event, name=name, rounds=5)
        for entry in factories.entries(division, 3):
            entry.status = Entry.Status.REGISTERED
            entry.save(update_fields=["status"])
        made.append(division)
    return made


def open_states(event) -> dict[str, bool]:
    return dict(event.divisions.values_list("name", "check_in_open"))


def test_one_switch_opens_and_closes_every_division_each_audited(event, divisions, director):
    check_in.check_in_set_open(by=director, division=divisions[1], is_open=True)
    changed = event_check_in.event_check_in_set_open(by=director, tournament=event, is_open=True)
    assert changed == ["A"]  # B was open already
    assert open_states(event) == {"A": True, "B": True}
    assert AuditEntry.objects.filter(action="division.check_in_open").count() == 2
    assert AuditEntry.objects.filter(action="tournament.check_in_open").count() == 1
    changed = event_check_in.event_check_in_set_open(by=director, tournament=event, is_open=False)
    assert changed == ["A", "B"]
    assert open_states(event) == {"A": False, "B": False}
    assert AuditEntry.objects.filter(action="tournament.check_in_close").count() == 1


def test_a_stranger_cannot_throw_the_switch(event, divisions, stranger):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        event_check_in.event_check_in_set_open(by=stranger, tournament=event, is_open=True)
    assert open_states(event) == {"A": False, "B": False}
    assert not AuditEntry.objects.exists()


def test_no_shows_of_every_division_are_withdrawn_in_one_go(event, divisions, director):
    arrived = divisions[0].entries.get(number=2)
    arrived.status = Entry.Status.CHECKED_IN
    arrived.save(update_fields=["status"])
    listed = list(event_check_in.event_no_shows(event))
    assert [(e.division.name, e.number) for e in listed] == [
        ("A", 1), ("A", 3), ("B", 1), ("B", 2), ("B", 3),
    ]  # fmt: skip
    done = event_check_in.event_no_shows_withdraw(
        by=director, tournament=event, entry_ids=[e.pk for e in listed]
    )
    assert len(done) == 5
    assert Entry.objects.filter(withdrawn_after_round=0).count() == 5
    assert AuditEntry.objects.filter(action="entry.withdraw").count() == 5
    assert AuditEntry.objects.filter(action="tournament.no_shows_withdraw").count() == 1


def test_no_shows_stay_while_any_division_has_check_in_open(event, divisions, director):
    check_in.check_in_set_open(by=director, division=divisions[1], is_open=True)
    ids = list(Entry.objects.values_list("pk", flat=True))
    with pytest.raises(CheckInRefused) as refused:
        event_check_in.event_no_shows_withdraw(by=director, tournament=event, entry_ids=ids)
    assert "division B" in str(refused.value)
    assert not Entry.objects.filter(withdrawn_after_round__isnull=False).exists()
    assert not AuditEntry.objects.filter(action="entry.withdraw").exists()


def test_a_check_in_taken_back_after_pairing_is_not_a_no_show(event, divisions, director):
    from tournaments.services.entries import entry_check_in, entry_undo_check_in
    from tournaments.services.rounds import round_pair

    a = divisions[0]
    for entry in a.entries.select_related("division"):
        entry_check_in(by=director, entry=entry)
    round_pair(by=director, division=a, round_number=1, seed=1)
    entry_undo_check_in(by=director, entry=a.entries.select_related("division").get(number=3))
    listed = [(e.division.name, e.number) for e in event_check_in.event_no_shows(event)]
    assert listed == [("B", 1), ("B", 2), ("B", 3)]
    ids = list(Entry.objects.values_list("pk", flat=True))
    done = event_check_in.event_no_shows_withdraw(by=director, tournament=event, entry_ids=ids)
    assert [(e.division.name, e.number) for e in done] == [("B", 1), ("B", 2), ("B", 3)]
    assert not a.entries.filter(withdrawn_after_round__isnull=False).exists()
