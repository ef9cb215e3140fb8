"""Self check-in from a player's link, opening and closing it, and withdrawing no-shows."""

import pytest

from core.models import AuditEntry
from tests import factories
from tournaments.models import Entry
from tournaments.services import check_in
from tournaments.services import entries as entry_services
from tournaments.services.check_in import CheckInRefused
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(event):
    division = factories.division(event, name="A", rounds=5)
    for entry in factories.entries(division, 4):
        entry.status = Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
    return division


def entry(division, number: int) -> Entry:
    return Entry.objects.select_related("division").get(division=division, number=number)


def test_open_and_close_are_audited(division, director):
    check_in.check_in_set_open(by=director, division=division, is_open=True)
    division.refresh_from_db()
    assert division.check_in_open is True
    check_in.check_in_set_open(by=director, division=division, is_open=False)
    division.refresh_from_db()
    assert division.check_in_open is False
    actions = list(AuditEntry.objects.order_by("pk").values_list("action", "actor"))
    assert actions == [
        ("division.check_in_open", director.pk),
        ("division.check_in_close", director.pk),
    ]


def test_a_stranger_cannot_open_check_in(division, stranger):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        check_in.check_in_set_open(by=stranger, division=division, is_open=True)
    division.refresh_from_db()
    assert division.check_in_open is False


def test_self_check_in_while_open_is_audited_without_an_account(division, director):
    check_in.check_in_set_open(by=director, division=division, is_open=True)
    check_in.entry_self_check_in(entry=entry(division, 2))
    assert entry(division, 2).status == Entry.Status.CHECKED_IN
    audit = AuditEntry.objects.get(action="entry.self_check_in")
    assert (audit.actor, audit.object_id, audit.scope) == (
        None,
        str(entry(division, 2).pk),
        "player link",
    )
    # Twice: nothing more happens.
    check_in.entry_self_check_in(entry=entry(division, 2))
    assert AuditEntry.objects.filter(action="entry.self_check_in").count() == 1


def test_self_check_in_while_closed_is_refused_and_changes_nothing(division):
    with pytest.raises(CheckInRefused) as refused:
        check_in.entry_self_check_in(entry=entry(division, 2))
    assert refused.value.template == check_in.CLOSED
    assert entry(division, 2).status == Entry.Status.REGISTERED
    assert not AuditEntry.objects.exists()


def test_a_withdrawn_player_cannot_check_in(division, director):
    check_in.check_in_set_open(by=director, division=division, is_open=True)
    withdrawn = entry(division, 3)
    withdrawn.withdrawn_after_round = 0
    withdrawn.save(update_fields=["withdrawn_after_round"])
    with pytest.raises(CheckInRefused) as refused:
        check_in.entry_self_check_in(entry=withdrawn)
    assert refused.value.template == check_in.WITHDRAWN
    assert entry(division, 3).status == Entry.Status.REGISTERED


def test_no_shows_are_withdrawn_in_one_go_once_check_in_is_closed(division, director):
    check_in.check_in_set_open(by=director, division=division, is_open=True)
    check_in.entry_self_check_in(entry=entry(division, 1))
    check_in.check_in_set_open(by=director, division=division, is_open=False)
    ids = [e.pk for e in division.entries.all()]
    done = check_in.no_shows_withdraw(by=director, division=division, entry_ids=ids)
    assert [e.number for e in done] == [2, 3, 4]
    assert dict(division.entries.values_list("number", "withdrawn_after_round")) == {
        1: None,
        2: 0,
        3: 0,
        4: 0,
    }
    assert AuditEntry.objects.filter(action="entry.withdraw").count() == 3
    assert AuditEntry.objects.filter(action="division.no_shows_withdraw").count() == 1


def test_no_shows_are_not_withdrawn_while_check_in_is_open(division, director):
    check_in.check_in_set_open(by=director, division=division, is_open=True)
    ids = [e.pk for e in division.entries.all()]
    with pytest.raises(CheckInRefused):
        check_in.no_shows_withdraw(by=director, division=division, entry_ids=ids)
    assert not division.entries.filter(withdrawn_after_round__isnull=False).exists()


def test_only_the_listed_entries_are_withdrawn(division, director):
    done = check_in.no_shows_withdraw(
        by=director, division=division, entry_ids=[entry(division, 4).pk]
    )
    assert [e.number for e in done] == [4]
    assert division.entries.filter(withdrawn_after_round=0).count() == 1


def test_a_late_entry_is_not_a_no_show(division, director):
    late = entry(division, 4)
    late.joins_at_round = 2
    late.save(update_fields=["joins_at_round"])
    assert [e.number for e in check_in.no_show_rows(division).order_by("number")] == [1, 2, 3]


def test_self_check_in_once_round_one_is_paired_without_the_player_is_refused(division, director):
    check_in.check_in_set_open(by=director, division=division, is_open=True)
    check_in.entry_self_check_in(entry=entry(division, 1))  # before pairing: accepted
    check_in.entry_self_check_in(entry=entry(division, 2))
    assert division.entries.filter(status=Entry.Status.CHECKED_IN).count() == 2
    round_pair(by=director, division=division, round_number=1, seed=1)  # #1 v #2 only
    before = AuditEntry.objects.count()
    with pytest.raises(CheckInRefused) as refused:
        check_in.entry_self_check_in(entry=entry(division, 3))
    assert refused.value.template == check_in.PAIRED_WITHOUT
    assert refused.value.params == {"round": 1}
    assert entry(division, 3).status == Entry.Status.REGISTERED
    assert AuditEntry.objects.count() == before


def test_a_player_paired_in_round_one_may_still_check_in(division, director):
    division.pair_checked_in_only = False
    division.save(update_fields=["pair_checked_in_only"])
    round_pair(by=director, division=division, round_number=1, seed=1)  # all four play
    check_in.check_in_set_open(by=director, division=division, is_open=True)
    check_in.entry_self_check_in(entry=entry(division, 3))
    assert entry(division, 3).status == Entry.Status.CHECKED_IN


def test_a_player_paired_in_round_one_is_not_a_no_show_and_is_not_withdrawn(division, director):
    for number in (1, 2, 3):
        entry_services.entry_check_in(by=director, entry=entry(division, number))
    round_pair(by=director, division=division, round_number=1, seed=1)  # a game and a bye
    entry_services.entry_undo_check_in(by=director, entry=entry(division, 2))  # paired still
    assert [e.number for e in check_in.no_show_rows(division).order_by("number")] == [4]
    ids = [e.pk for e in division.entries.all()]
    done = check_in.no_shows_withdraw(by=director, division=division, entry_ids=ids)
    assert [e.number for e in done] == [4]
    assert dict(division.entries.values_list("number", "withdrawn_after_round")) == {
        1: None,
        2: None,
        3: None,
        4: 0,
    }
