"""`manage.py undo`, the console's `undo` and the audit log page undo the same changes, by one
route (`change_undo.audited_undo`): a result change, or a change of an entry, a registration or a
division's settings. `manage.py audit` lists what the page lists. A result undone names its game,
and the console's bare `undo` passes over a result already undone on the page."""

import io

import pytest
from django.core.management.base import CommandError
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tests.command_runs import database_state, run
from tests.command_runs import desk_typed as typed
from tournaments.management.desk import jobs, results
from tournaments.management.desk.session import Refused, Session
from tournaments.models import Entry, TournamentRole
from tournaments.services.change_undo import audited_undo
from tournaments.services.entries import entry_withdraw

pytestmark = pytest.mark.django_db


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


# The console's undo: the game named, and a change undone on the page passed over ---------------


@pytest.fixture
def round_one(director):
    """Division A of four, round 1 paired: table 1 #1 v #2, table 2 #3 v #4."""
    event = factories.tournament(director=director)
    division = factories.division(event, name="A", rounds=3)
    factories.round_with_pairings(division, factories.entries(division, 4))
    return event


def test_an_undone_result_names_its_game_as_the_audit_page_does(monkeypatch, tmp_path, round_one):
    out = typed(monkeypatch, tmp_path, round_one.slug, "a 2 410 390", "undo")
    third, fourth = (e.player.name for e in Entry.objects.filter(number__gt=2).order_by("number"))
    game = f"Round 1, table 2: #3 {third} – #4 {fourth}"
    saved, undo = AuditEntry.objects.order_by("pk")
    assert out.count(game) == 2  # the line typed, then its undo
    assert (
        f"{game}\nUndid {saved.pk}; the game's result is now: no result (audit entry {undo.pk})."
    ) in out


def test_the_command_names_the_game_too(round_one):
    run("result", round_one.slug, "1 410 390", "--round", "1")
    first, second = (e.player.name for e in Entry.objects.filter(number__lt=3).order_by("number"))
    saved = AuditEntry.objects.get()
    out = run("undo", round_one.slug, str(saved.pk)).splitlines()
    undo = AuditEntry.objects.get(undoes=saved)
    assert out == [
        f"Round 1, table 1: #1 {first} – #2 {second}",
        f"Undid {saved.pk}; the game's result is now: no result (audit entry {undo.pk}).",
    ]


def console(event, director) -> Session:
    division = event.divisions.get()
    return Session(event, division, None, director, io.StringIO())


def test_a_bare_undo_passes_over_a_result_undone_on_the_page(round_one, director):
    session = console(round_one, director)
    round_ = session.paired_round(session.division, 1)
    assert results.enter_line(session, round_, "1 410 390")
    assert results.enter_line(session, round_, "2 400 380")
    first, second = session.typed
    audited_undo(by=director, entry=AuditEntry.objects.get(pk=second))  # on the audit page
    jobs.undo(session, None)
    said = session.stream.getvalue()
    assert f"Undid {first};" in said and "Refused" not in said
    assert session.typed == []
    assert AuditEntry.objects.get(pk=first).undone_by.pk > second


def test_a_bare_undo_when_every_typed_result_was_undone_on_the_page(round_one, director):
    session = console(round_one, director)
    assert results.enter_line(session, session.paired_round(session.division, 1), "1 410 390")
    audited_undo(by=director, entry=AuditEntry.objects.get(pk=session.typed[0]))
    with pytest.raises(Refused) as refused:
        jobs.undo(session, None)
    assert str(refused.value) == (
        "Every result typed in this console has been undone; name the audit entry to undo."
    )
