"""Restore points are taken at every pairing and every round end, and only the ones the
setting keeps stay."""

import gzip
import hashlib
import json

import pytest

from core.models import AuditEntry
from tournaments.archive import delta
from tournaments.models import Pairing, RestorePoint
from tournaments.services import restore_points, results, rounds
from tournaments.services.restore_points import restore_point_storage, restore_point_take

from .world import pair, paired_event, play_round, points_of, record

pytestmark = pytest.mark.django_db


def test_pairing_a_round_takes_a_point_of_the_paired_round(
    director, django_capture_on_commit_callbacks
):
    event, division = paired_event(director)
    pair(director, division, 1, django_capture_on_commit_callbacks)
    assert points_of(event) == [("pairing", "A", 1, director.username)]
    point = RestorePoint.objects.get(tournament=event)
    assert point.tournament_slug == event.slug and point.audit_entries == 1
    archive = json.loads(restore_points.restore_point_data(point))
    [paired] = archive["divisions"][0]["rounds_paired"]
    assert (paired["number"], len(paired["pairings"])) == (1, 2)
    assert [a["action"] for a in archive["audit"]] == ["round.pair"]


def test_the_last_result_of_a_round_takes_a_round_end_point_and_earlier_ones_take_none(
    director, django_capture_on_commit_callbacks
):
    event, division = paired_event(director)
    pair(director, division, 1, django_capture_on_commit_callbacks)
    first, second = Pairing.objects.filter(round__division=division).order_by("table")
    record(director, first, 400, 350, django_capture_on_commit_callbacks)
    assert points_of(event) == [("pairing", "A", 1, director.username)]
    record(director, second, 390, 380, django_capture_on_commit_callbacks)
    assert points_of(event) == [
        ("pairing", "A", 1, director.username),
        ("round_end", "A", 1, director.username),
    ]
    archive = json.loads(
        restore_points.restore_point_data(RestorePoint.objects.get(reason="round_end"))
    )
    scores = [(p["first_score"], p["second_score"])
              for p in archive["divisions"][0]["rounds_paired"][0]["pairings"]]  # fmt: skip
    assert sorted(scores) == [(390, 380), (400, 350)]


def test_a_correction_in_a_complete_round_takes_no_new_point(
    director, django_capture_on_commit_callbacks
):
    event, division = paired_event(director)
    pair(director, division, 1, django_capture_on_commit_callbacks)
    play_round(director, division, 1, django_capture_on_commit_callbacks)
    assert len(points_of(event)) == 2
    first = Pairing.objects.filter(round__division=division).order_by("table")[0]
    record(director, first, 410, 300, django_capture_on_commit_callbacks)
    assert len(points_of(event)) == 2


def test_every_pairing_and_round_end_of_three_rounds_has_its_point(
    director, django_capture_on_commit_callbacks
):
    event, division = paired_event(director)
    for number in (1, 2, 3):
        pair(director, division, number, django_capture_on_commit_callbacks)
        play_round(director, division, number, django_capture_on_commit_callbacks)
    assert [(reason, number) for reason, _div, number, _by in points_of(event)] == [
        ("pairing", 1), ("round_end", 1), ("pairing", 2), ("round_end", 2),
        ("pairing", 3), ("round_end", 3),
    ]  # fmt: skip


def test_a_refused_pairing_takes_no_point(director, django_capture_on_commit_callbacks):
    event, division = paired_event(director)
    with pytest.raises(rounds.RoundRefused), django_capture_on_commit_callbacks(execute=True):
        rounds.round_pair(by=director, division=division, round_number=2)
    assert points_of(event) == []


def test_the_stored_file_is_the_gzipped_archive_with_the_recorded_checksum(director):
    event, _division = paired_event(director)
    point = restore_point_take(by=director, tournament=event)
    with restore_point_storage().open(point.file_name, "rb") as stored:
        packed = stored.read()
    assert point.file_name.startswith(f"{event.pk}-{event.slug}/")
    assert point.file_name.endswith("-manual-" + point.file_name[-16:-8] + ".json.gz")
    assert (point.size, point.sha256) == (len(packed), hashlib.sha256(packed).hexdigest())
    assert json.loads(gzip.decompress(packed))["tournament"]["slug"] == event.slug


def test_taking_a_point_is_audited_with_what_it_dropped(director, settings):
    settings.RESTORE_POINTS_KEPT = 1
    event, _division = paired_event(director)
    first = restore_point_take(by=director, tournament=event)
    second = restore_point_take(by=director, tournament=event)
    entry = AuditEntry.objects.get(action="restore_point.take", object_id=str(second.pk))
    assert (entry.actor, entry.tournament_id) == (director, event.pk)
    assert entry.after == {
        "reason": "manual", "division": "", "round": None, "size": second.size,
        "dropped": [first.pk],
    }  # fmt: skip


def test_only_the_newest_points_and_the_newest_point_of_each_round_end_are_kept(
    director, settings, django_capture_on_commit_callbacks
):
    settings.RESTORE_POINTS_KEPT = 2
    settings.RESTORE_POINT_CHAIN = 0  # every point whole: none kept as another's base
    event, division = paired_event(director)
    pair(director, division, 1, django_capture_on_commit_callbacks)
    play_round(director, division, 1, django_capture_on_commit_callbacks)
    storage = restore_point_storage()
    paired_point = RestorePoint.objects.get(reason="pairing")
    with django_capture_on_commit_callbacks(execute=True):
        manual = [restore_point_take(by=director, tournament=event) for _ in range(3)]
    kept = RestorePoint.objects.filter(tournament=event).order_by("taken_at", "id")
    assert [p.pk for p in kept] == [
        RestorePoint.objects.get(reason="round_end").pk, manual[1].pk, manual[2].pk
    ]  # fmt: skip
    assert not storage.exists(paired_point.file_name)
    assert not storage.exists(manual[0].file_name)
    assert all(storage.exists(p.file_name) for p in kept)


def test_with_room_for_every_point_none_is_dropped(director, settings):
    settings.RESTORE_POINTS_KEPT = 3
    event, _division = paired_event(director)
    taken = [restore_point_take(by=director, tournament=event) for _ in range(3)]
    assert list(RestorePoint.objects.filter(tournament=event).order_by("id")) == taken


def test_each_point_holds_the_event_as_its_own_write_left_it_within_one_transaction(
    director, django_capture_on_commit_callbacks
):
    """A loader that pairs and plays several rounds in one transaction still gets one point per
    step, each of the state at that step (the archive is read inside the transaction)."""
    from django.db import transaction

    event, division = paired_event(director)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        for number in (1, 2):
            rounds.round_pair(by=director, division=division, round_number=number, seed=7)
            for pairing in Pairing.objects.filter(round__number=number).order_by("table"):
                results.result_record(
                    by=director, pairing_id=pairing.pk, first_score=400, second_score=300,
                    expected_version=None,
                )  # fmt: skip
    held = []
    for point in RestorePoint.objects.filter(tournament=event).order_by("taken_at", "id"):
        archive = json.loads(restore_points.restore_point_data(point))
        paired = archive["divisions"][0]["rounds_paired"]
        scored = sum(p["first_score"] is not None for r in paired for p in r["pairings"])
        held.append((point.reason, point.round_number, len(paired), scored))
    assert held == [("pairing", 1, 1, 0), ("round_end", 1, 1, 2),
                    ("pairing", 2, 2, 2), ("round_end", 2, 2, 4)]  # fmt: skip


def test_a_point_that_cannot_be_stored_is_logged_and_the_pairing_stands(
    director, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    event, division = paired_event(director)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(restore_point_storage(), "save", full_disk)
    pair(director, division, 1, django_capture_on_commit_callbacks)
    assert division.round_set.get(number=1).pairings.count() == 2
    assert points_of(event) == []
    assert "No space left on device" in caplog.text


def test_a_point_whose_archive_cannot_be_read_is_logged_and_the_result_stands(
    director, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    event, division = paired_event(director)
    pair(director, division, 1, django_capture_on_commit_callbacks)
    first, second = Pairing.objects.filter(round__division=division).order_by("table")
    record(director, first, 400, 350, django_capture_on_commit_callbacks)

    def broken(tournament, *args, **kwargs):
        raise ValueError("unreadable")

    monkeypatch.setattr(delta, "event_read", broken)  # whole or only the changes
    record(director, second, 390, 380, django_capture_on_commit_callbacks)
    second.refresh_from_db()
    assert (second.first_score, second.second_score) == (390, 380)
    assert points_of(event) == [("pairing", "A", 1, director.username)]
    assert f"No restore point of event {event.pk}" in caplog.text
