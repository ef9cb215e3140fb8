"""An event exported and imported again is the same event: standings, crosstables,
scoresheets, registrations, prizes, pins, score reports and audit log."""

import json

import pytest

from core.models import AuditEntry
from tournaments.archive.export import archive_bytes
from tournaments.archive.restore import event_import
from tournaments.models import Tournament

from .world import RUNNING, demo_event, event_picture

pytestmark = pytest.mark.django_db


def test_the_demo_event_comes_back_identical_under_a_new_slug():
    original = demo_event()
    director = original.roles.get(role="director").user
    data = archive_bytes(original)
    outcome = event_import(by=director, data=data, slug="riverside-open-copy")
    copy = Tournament.objects.get(slug="riverside-open-copy")
    assert outcome.tournament == copy
    assert event_picture(copy) == event_picture(original)
    assert len(outcome.players_matched) == 21 and outcome.players_created == []
    assert outcome.roles_skipped == [] and outcome.notes == []


def test_the_import_is_audited_once_after_the_restored_log():
    original = demo_event()
    director = original.roles.get(role="director").user
    copy = event_import(by=director, data=archive_bytes(original), slug="copy").tournament
    newest = AuditEntry.objects.filter(tournament=copy).order_by("-at", "-id")[0]
    assert (newest.action, newest.actor, newest.object_id) == (
        "tournament.import", director, str(copy.pk)
    )  # fmt: skip
    assert newest.after == {
        "format_version": 2,
        "slug": "copy",
        "name": "Riverside Open 2026",
        "is_public": False,
        "players_matched": 21,
        "players_created": 0,
        "roles_skipped": [],
        "audit_entries": AuditEntry.objects.filter(tournament=original).count(),
    }


def test_a_restored_result_change_can_be_undone_on_the_copy():
    from tournaments.services.results import audit_undo

    original = demo_event()
    director = original.roles.get(role="director").user
    copy = event_import(by=director, data=archive_bytes(original), slug="copy").tournament
    records = AuditEntry.objects.filter(tournament=copy, action="result.record")
    [forfeit] = [entry for entry in records if entry.after["kind"] == "forfeit"]
    undone = audit_undo(by=director, entry_id=forfeit.pk)
    assert undone.pairing.round.division.tournament == copy
    assert (undone.pairing.kind, undone.pairing.forfeited_by_id) == ("played", None)
    assert forfeit.before["forfeited_by"] is None
    assert undone.before["forfeited_by"] == undone.pairing.second_id


def test_the_archive_names_its_format_and_version_and_refers_to_users_by_username():
    original = demo_event()
    archive = json.loads(archive_bytes(original))
    assert (archive["format"], archive["version"]) == ("tournament-desk-event", 2)
    assert archive["tournament"]["slug"] == RUNNING
    assert archive["tournament"]["club"]["slug"] == "riverside-word-club"
    assert sorted((r["user"], r["role"]) for r in archive["roles"]) == [
        ("director", "director"),
        ("helper", "assistant"),
    ]
    director = original.roles.get(role="director").user
    assert {"id": director.pk, "username": "director"} in archive["users"]
    assert [a["actor"] for a in archive["audit"]][-1] == "director"


def test_the_finished_and_rated_demo_event_comes_back_identical():
    demo_event()
    finished = Tournament.objects.get(slug="riverside-winter-classic-2025")
    copy = event_import(by=None, data=archive_bytes(finished), slug="winter-copy").tournament
    assert finished.finalized_at is not None
    assert event_picture(copy) == event_picture(finished)


def test_the_demos_language_started_round_and_table_clock_come_back():
    from games.models import GameClock
    from tournaments.models import Round

    original = demo_event()
    copy = event_import(by=None, data=archive_bytes(original), slug="copy").tournament
    started = Round.objects.get(division__tournament=original, number=4).started_at
    assert started is not None
    assert Round.objects.get(division__tournament=copy, number=4).started_at == started
    assert (original.language, copy.language) == ("th", "th")
    clock = GameClock.objects.get(game__pairing__round__division__tournament=copy)
    assert (clock.running, clock.first_used_ms, clock.last_turn_ms, clock.version) == (
        1,
        41_250,
        41_250,
        2,
    )
