"""`manage.py undo`, the console's `undo` and the audit log page undo the same changes, by one
route (`change_undo.audited_undo`): a result change, or a change of an entry, a registration or a
division's settings. `manage.py audit` lists what the page lists."""

import io
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tests.command_runs import database_state, run
from tournaments.models import Entry, TournamentRole
from tournaments.services.entries import entry_withdraw

pytestmark = pytest.mark.django_db


def typed(monkeypatch, tmp_path, slug: str, *lines: str) -> str:
    """What the console answers to ``lines`` (then the end of input)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    call_command("desk", slug, "--history", str(tmp_path / "history"), stdout=out)
    return out.getvalue()


@pytest.fixture
def withdrawn(director):
    """Division A of four, round 1 paired; #4 withdrawn after round 1 by the director."""
    event = factories.tournament(director=director)
    division = factories.division(event, name="A", rounds=3)
    entries = factories.entries(division, 4)
    factories.round_with_pairings(division, entries)
    entry_withdraw(by=director, entry=entries[3], after_round=1)
    return event, entries[3], AuditEntry.objects.get(action="entry.withdraw")


def undone(entry) -> AuditEntry:
    entry.refresh_from_db()
    assert entry.withdrawn_after_round is None
    return AuditEntry.objects.get(action="entry.reinstate")


def test_the_command_undoes_a_withdrawal_as_the_page_does(withdrawn):
    event, entry, change = withdrawn
    out = run("undo", event.slug, str(change.pk))
    undo = undone(entry)
    assert out.startswith(f"Undid {change.pk}: Reinstated ")
    assert out.endswith(f" (audit entry {undo.pk}).\n")
    assert entry.player.name in out and undo.undoes == change


def test_the_console_undoes_a_withdrawal_as_the_page_does(monkeypatch, tmp_path, withdrawn):
    event, entry, change = withdrawn
    out = typed(monkeypatch, tmp_path, event.slug, f"undo {change.pk}")
    undo = undone(entry)
    assert f"Undid {change.pk}: Reinstated " in out and f"(audit entry {undo.pk})." in out


def test_the_page_undoes_it_too(client, director, withdrawn):
    event, entry, change = withdrawn
    client.force_login(director)
    client.post(reverse("tournaments:audit_undo", args=[event.slug, change.pk]))
    assert undone(entry).undoes == change


def test_an_assistant_may_not_undo_what_the_page_keeps_for_directors(withdrawn, stranger):
    event, _entry, change = withdrawn
    TournamentRole.objects.create(
        tournament=event, user=stranger, role=TournamentRole.Role.ASSISTANT
    )
    before = database_state()
    with pytest.raises(CommandError, match=f"{stranger.username} may not do this in "):
        run("undo", event.slug, str(change.pk), "--user", stranger.username)
    assert database_state() == before
    assert Entry.objects.get(pk=_entry.pk).withdrawn_after_round == 1


def test_audit_lists_the_changes_the_page_lists(withdrawn, director):
    event, entry, change = withdrawn
    run("undo", event.slug, str(change.pk))
    undo = AuditEntry.objects.get(action="entry.reinstate")
    lines = run("audit", event.slug).splitlines()
    assert lines[0].startswith(f"{undo.pk:>6}  ") and "  system  Reinstated " in lines[0]
    assert lines[0].endswith(f"  (undoes {change.pk})")
    assert lines[1].startswith(f"{change.pk:>6}  ") and f"  {director.username}  " in lines[1]
    assert lines[1].endswith(f"  (undone by {undo.pk})") and entry.player.name in lines[1]
