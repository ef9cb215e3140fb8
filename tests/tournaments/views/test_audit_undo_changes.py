"""The audit log offers undo on every change that can be undone (issue 33): a withdrawal's line
reinstates the player; assistants, who may not change entries, are not offered it."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Division, Entry, TournamentRole
from tournaments.services import divisions, entries, rules

pytestmark = pytest.mark.django_db


@pytest.fixture
def withdrawn(director):
    event = factories.tournament(director=director, slug="undo-open")
    division = factories.division(event, name="A", rounds=3)
    entry = factories.entries(division, 2)[0]
    entries.entry_withdraw(by=director, entry=entry, after_round=0)
    return entry


def undo_url(record) -> str:
    return reverse("tournaments:audit_undo", args=["undo-open", record.pk])


def test_a_withdrawal_is_undone_from_its_line_in_the_log(client, director, withdrawn):
    record = AuditEntry.objects.get(action="entry.withdraw")
    client.force_login(director)
    log = client.get(reverse("tournaments:audit", args=["undo-open"])).text
    assert f'action="{undo_url(record)}"' in log
    response = client.post(undo_url(record), follow=True)
    assert "Change undone." in response.text
    assert Entry.objects.get(pk=withdrawn.pk).withdrawn_after_round is None
    assert f'action="{undo_url(record)}"' not in response.text  # undone: no second undo
    assert response.text.count(f"(undoes #{record.pk})") == 1


def test_an_assistant_is_not_offered_an_entry_undo_and_cannot_post_one(client, withdrawn):
    assistant = factories.user()
    withdrawn.division.tournament.roles.create(user=assistant, role=TournamentRole.Role.ASSISTANT)
    record = AuditEntry.objects.get(action="entry.withdraw")
    client.force_login(assistant)
    log = client.get(reverse("tournaments:audit", args=["undo-open"])).text
    assert undo_url(record) not in log
    assert client.post(undo_url(record)).status_code == 403
    assert Entry.objects.get(pk=withdrawn.pk).withdrawn_after_round == 0


@pytest.fixture
def registered(director):
    event = factories.tournament(director=director, slug="undo-open")
    division = factories.division(event, name="A", rounds=3)
    factories.entries(division, 2)
    late = entries.entry_add(by=director, division=division, player=factories.player("Late"))
    divisions.division_update(by=director, division=division, rounds=5)
    return late


def test_a_registration_and_a_settings_change_are_undone_from_their_lines(
    client, director, registered
):
    added = AuditEntry.objects.get(action="entry.add", object_id=str(registered.pk))
    settings = AuditEntry.objects.get(action="division.update")
    client.force_login(director)
    log = client.get(reverse("tournaments:audit", args=["undo-open"])).text
    assert f'action="{undo_url(added)}"' in log and f'action="{undo_url(settings)}"' in log
    response = client.post(undo_url(added), follow=True)
    assert "Change undone." in response.text
    assert not Entry.objects.filter(pk=registered.pk).exists()
    assert f"Removed #{registered.number} again (the registration undone)" in response.text
    response = client.post(undo_url(settings), follow=True)
    assert "Change undone." in response.text
    assert Division.objects.get(pk=registered.division_id).rounds == 3


def test_a_settings_undo_after_a_later_change_says_so_and_changes_nothing(
    client, director, registered
):
    settings = AuditEntry.objects.get(action="division.update")
    divisions.division_update(by=director, division=registered.division, rounds=4)
    client.force_login(director)
    response = client.post(undo_url(settings), follow=True)
    assert "This changed again since; undo the later change first." in response.text
    assert Division.objects.get(pk=registered.division_id).rounds == 4


def test_an_assistant_is_not_offered_a_registration_or_settings_undo(client, registered):
    assistant = factories.user()
    registered.division.tournament.roles.create(user=assistant, role=TournamentRole.Role.ASSISTANT)
    client.force_login(assistant)
    log = client.get(reverse("tournaments:audit", args=["undo-open"])).text
    for record in AuditEntry.objects.filter(action__in=["entry.add", "division.update"]):
        assert undo_url(record) not in log
        assert client.post(undo_url(record)).status_code == 403
    assert Entry.objects.filter(pk=registered.pk).exists()
    assert Division.objects.get(pk=registered.division_id).rounds == 5


def test_a_rules_change_is_undone_from_its_line_but_not_by_an_assistant(
    client, director, registered
):
    division = registered.division
    rules.division_rules_update(by=director, division=division, preset="thai")
    record = AuditEntry.objects.get(action="division.rules")
    assistant = factories.user()
    division.tournament.roles.create(user=assistant, role=TournamentRole.Role.ASSISTANT)
    client.force_login(assistant)
    assert undo_url(record) not in client.get(reverse("tournaments:audit", args=["undo-open"])).text
    assert client.post(undo_url(record)).status_code == 403
    client.force_login(director)
    log = client.get(reverse("tournaments:audit", args=["undo-open"])).text
    assert f'action="{undo_url(record)}"' in log
    assert "Change undone." in client.post(undo_url(record), follow=True).text
    assert Division.objects.get(pk=division.pk).rules_preset == ""
