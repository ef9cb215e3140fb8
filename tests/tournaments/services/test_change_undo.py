"""Undo from the audit log for entry changes and a division's check-in (issue 33)."""

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import translation

from core.audit import audit_record
from core.messages import translated
from core.models import AuditEntry
from tests import factories
from tournaments.models import Division, Entry, Pairing, Round
from tournaments.services import check_in, divisions, entries, rules
from tournaments.services.change_undo import UndoRefused, change_undo

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(event):
    division = factories.division(event, name="A", rounds=5)
    return factories.entries(division, 2)[0]


def last(action: str) -> AuditEntry:
    return AuditEntry.objects.filter(action=action).latest("pk")


def fresh(entry) -> Entry:
    return Entry.objects.select_related("division").get(pk=entry.pk)


def test_a_withdrawal_is_undone_as_a_reinstatement_pointing_at_it(entry, director):
    entries.entry_withdraw(by=director, entry=entry, after_round=0)
    withdrawal = last("entry.withdraw")
    undo = change_undo(by=director, entry_id=withdrawal.pk)
    assert fresh(entry).withdrawn_after_round is None
    assert (undo.action, undo.undoes_id) == ("entry.reinstate", withdrawal.pk)
    with pytest.raises(UndoRefused, match="already been undone"):
        change_undo(by=director, entry_id=withdrawal.pk)


@pytest.mark.parametrize(
    ("make", "action", "field", "before"),
    [
        (lambda by, e: entries.entry_check_in(by=by, entry=e), "entry.check_in", "status",
         Entry.Status.REGISTERED),
        (lambda by, e: entries.entry_mark_paid(by=by, entry=e, note="cash"), "entry.paid",
         "paid", False),
        (lambda by, e: entries.entry_set_fixed_table(by=by, entry=e, table=4),
         "entry.fixed_table", "fixed_table", None),
        (lambda by, e: entries.entry_set_grade(by=by, entry=e, grade="A"), "entry.grade",
         "grade", ""),
    ],
)  # fmt: skip
def test_each_entry_change_is_put_back(entry, director, make, action, field, before):
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.REGISTERED)
    make(director, fresh(entry))
    change_undo(by=director, entry_id=last(action).pk)
    assert getattr(fresh(entry), field) == before


def test_a_change_made_again_since_must_be_undone_first(entry, director):
    entries.entry_set_fixed_table(by=director, entry=fresh(entry), table=4)
    first = last("entry.fixed_table")
    entries.entry_set_fixed_table(by=director, entry=fresh(entry), table=7)
    with pytest.raises(UndoRefused, match="changed again since"):
        change_undo(by=director, entry_id=first.pk)
    assert fresh(entry).fixed_table == 7
    change_undo(by=director, entry_id=last("entry.fixed_table").pk)
    change_undo(by=director, entry_id=first.pk)
    assert fresh(entry).fixed_table is None


def test_opening_check_in_is_undone_by_closing_it(entry, director):
    division = fresh(entry).division
    check_in.check_in_set_open(by=director, division=division, is_open=True)
    change_undo(by=director, entry_id=last("division.check_in_open").pk)
    division.refresh_from_db()
    assert division.check_in_open is False


def test_a_stranger_cannot_undo_and_a_result_is_not_undone_here(entry, director, stranger):
    entries.entry_withdraw(by=director, entry=fresh(entry), after_round=0)
    with pytest.raises(PermissionDenied):
        change_undo(by=stranger, entry_id=last("entry.withdraw").pk)
    assert fresh(entry).withdrawn_after_round == 0
    erased = audit_record(
        by=director,
        action="entry.erase_personal",
        obj=entry,
        before={"number": 1},
        after={"number": 1},
    )
    with pytest.raises(UndoRefused, match="cannot be undone from the log"):
        change_undo(by=director, entry_id=erased.pk)


def test_a_registration_is_undone_by_removing_the_entry(entry, director):
    added = entries.entry_add(
        by=director, division=fresh(entry).division, player=factories.player("Late")
    )
    undo = change_undo(by=director, entry_id=last("entry.add").pk)
    assert not Entry.objects.filter(pk=added.pk).exists()
    assert (undo.action, undo.undoes_id, undo.before["number"]) == (
        "entry.remove",
        last("entry.add").pk,
        added.number,
    )


def test_a_registration_is_not_undone_once_the_entry_is_paired(entry, director):
    division = fresh(entry).division
    added = entries.entry_add(by=director, division=division, player=factories.player("Late"))
    paired = Round.objects.create(division=division, number=1)
    Pairing.objects.create(round=paired, table=1, first=added, second=entry)
    with pytest.raises(UndoRefused, match="Late is already paired"):
        change_undo(by=director, entry_id=last("entry.add").pk)
    assert Entry.objects.filter(pk=added.pk).exists()
    assert not AuditEntry.objects.filter(action="entry.remove").exists()


def test_a_settings_change_is_put_back_field_by_field(entry, director):
    division = fresh(entry).division
    divisions.division_update(by=director, division=division, rounds=7, bye_spread=75)
    undo = change_undo(by=director, entry_id=last("division.update").pk)
    division = Division.objects.get(pk=division.pk)
    assert (division.rounds, division.bye_spread) == (5, 50)
    assert undo.action == "division.update" and undo.after["rounds"] == 5


def test_a_settings_change_is_not_put_back_after_a_later_change_of_the_same_field(entry, director):
    division = fresh(entry).division
    divisions.division_update(by=director, division=division, rounds=7)
    first = last("division.update")
    divisions.division_update(by=director, division=division, rounds=9, bye_spread=60)
    with pytest.raises(UndoRefused, match="changed again since"):
        change_undo(by=director, entry_id=first.pk)
    assert Division.objects.get(pk=division.pk).rounds == 9


def test_a_settings_undo_is_refused_when_the_old_value_no_longer_fits(entry, director):
    division = fresh(entry).division
    divisions.division_update(by=director, division=division, rounds=7)
    for number in range(1, 7):
        Round.objects.create(division=division, number=number)
    with pytest.raises(UndoRefused, match="The old settings cannot be put back: Round 6"):
        change_undo(by=director, entry_id=last("division.update").pk)
    assert Division.objects.get(pk=division.pk).rounds == 7


@pytest.mark.parametrize("language", ["zh-hant", "ja", "th", "sw"])
def test_the_paired_refusal_reads_in_each_language(entry, director, language):
    division = fresh(entry).division
    added = entries.entry_add(by=director, division=division, player=factories.player("Late"))
    paired = Round.objects.create(division=division, number=1)
    Pairing.objects.create(round=paired, table=1, first=added, second=entry)
    with pytest.raises(UndoRefused) as refused:
        change_undo(by=director, entry_id=last("entry.add").pk)
    with translation.override(language):
        text = translated(refused.value)
    assert "Late" in text and "already paired" not in text


def test_a_rules_change_is_put_back_to_the_old_preset_and_changes(entry, director):
    division = fresh(entry).division
    rules.division_rules_update(
        by=director, division=division, preset="thai", fields={"late_forfeit_minutes": 10}
    )
    rules.division_rules_update(by=director, division=division, preset="home")
    undo = change_undo(by=director, entry_id=last("division.rules").pk)
    found = Division.objects.get(pk=division.pk)
    assert (found.rules_preset, found.rules) == ("thai", {"late_forfeit_minutes": 10})
    assert undo.action == "division.rules"


def test_a_rules_change_is_not_put_back_after_a_later_one(entry, director):
    division = fresh(entry).division
    rules.division_rules_update(by=director, division=division, preset="thai")
    first = last("division.rules")
    rules.division_rules_update(by=director, division=division, preset="home")
    with pytest.raises(UndoRefused, match="changed again since"):
        change_undo(by=director, entry_id=first.pk)
    assert Division.objects.get(pk=division.pk).rules_preset == "home"


def test_a_rules_change_is_not_put_back_from_the_log_once_games_were_played(entry, director):
    division = factories.division(fresh(entry).division.tournament, name="B")
    rules.division_rules_update(by=director, division=division, preset="thai")
    players = factories.entries(division, 4)
    paired = factories.round_with_pairings(division, players)
    paired.pairings.filter(table=1).update(first_score=400, second_score=350)
    with pytest.raises(UndoRefused, match="Games were already played under these rules"):
        change_undo(by=director, entry_id=last("division.rules").pk)
    assert Division.objects.get(pk=division.pk).rules_preset == "thai"
