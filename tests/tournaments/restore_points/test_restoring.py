"""A restore point comes back identical, as a copy or in place; a restore in place is audited
and undone by restoring the point taken before it; points of other events, unknown ids and
damaged files are refused with nothing changed."""

import pytest

from core.models import AuditEntry
from games.models import Game
from tests.command_runs import database_state
from tests.tournaments.archive.world import demo_event, event_picture
from tournaments.models import (
    Division,
    FixedPairing,
    Pairing,
    PrizeBand,
    RestorePoint,
    Tournament,
)
from tournaments.services import events, results
from tournaments.services.restore_points import (
    RestorePointRefused,
    restore_point_copy,
    restore_point_in_place,
    restore_point_storage,
    restore_point_take,
)

from .world import paired_event, picture_without_restores

pytestmark = pytest.mark.django_db


def damage(event, director, *, divisions: bool = True) -> None:
    """What a bad moment does: a result overwritten, the event renamed, its prizes and pins
    deleted, and (``divisions``) its scoresheets and divisions deleted with all they hold."""
    pairing = Pairing.objects.filter(round__division__tournament=event, round__number=1)[0]
    results.result_record(
        by=director, pairing_id=pairing.pk, first_score=1, second_score=2, expected_version=None,
        confirm_unusual=True,
    )  # fmt: skip
    events.tournament_update(by=director, tournament=event, name="Renamed by mistake")
    PrizeBand.objects.filter(division__tournament=event).delete()
    FixedPairing.objects.filter(division__tournament=event).delete()
    if divisions:
        Game.objects.filter(pairing__round__division__tournament=event).delete()
        for division in event.divisions.all():
            for rnd in division.round_set.all():
                rnd.pairings.all().delete()
            division.delete()


def test_a_point_restored_as_a_copy_is_the_same_event():
    event = demo_event()
    director = event.roles.get(role="director").user
    picture = event_picture(event)
    point = restore_point_take(by=director, tournament=event)
    outcome = restore_point_copy(by=director, tournament=event, point_id=point.pk)
    copy = Tournament.objects.get(slug=f"{event.slug}-copy")
    assert outcome.tournament == copy
    assert event_picture(copy) == picture
    assert restore_point_copy(by=director, tournament=event, point_id=point.pk).tournament.slug == (
        f"{event.slug}-copy-2"
    )


def test_a_point_restored_in_place_puts_back_every_result_scoresheet_and_audit_entry():
    event = demo_event()
    director = event.roles.get(role="director").user
    picture = event_picture(event)
    point = restore_point_take(by=director, tournament=event)
    damage(event, director)
    assert not Division.objects.filter(tournament=event).exists()
    outcome, _before = restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert outcome.tournament.pk == event.pk
    restored = Tournament.objects.get(pk=event.pk)
    assert restored.slug == event.slug and restored.name == "Riverside Open 2026"
    assert picture_without_restores(restored) == picture


def test_a_restore_in_place_is_audited_after_the_restored_log():
    event = demo_event()
    director = event.roles.get(role="director").user
    point = restore_point_take(by=director, tournament=event)
    _outcome, before = restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    newest = AuditEntry.objects.filter(tournament=event).order_by("-at", "-id")[0]
    assert (newest.action, newest.actor, newest.object_id) == (
        "tournament.restore", director, str(event.pk)
    )  # fmt: skip
    assert newest.after == {
        "name": "Riverside Open 2026",
        "restore_point": point.pk,
        "taken_at": point.taken_at.isoformat(),
        "before_restore_point": before.pk,
        "players_created": 0,
        "roles_skipped": [],
    }
    # The point's log (its own "took a restore point" entry came after it), the point taken of
    # the state replaced, and the restore.
    log = AuditEntry.objects.filter(tournament=event).order_by("at", "id")
    assert log.count() == point.audit_entries + 2
    assert [(e.action, e.object_id) for e in log.reverse()[:2]] == [
        ("tournament.restore", str(event.pk)), ("restore_point.take", str(before.pk))
    ]  # fmt: skip
    assert before.reason == RestorePoint.Reason.BEFORE_RESTORE and before.taken_by == director


def test_restoring_the_point_taken_before_a_restore_undoes_it():
    event = demo_event()
    director = event.roles.get(role="director").user
    point = restore_point_take(by=director, tournament=event)
    damage(event, director, divisions=False)
    damaged = event_picture(Tournament.objects.get(pk=event.pk))
    _outcome, before = restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert Tournament.objects.get(pk=event.pk).name == "Riverside Open 2026"
    restore_point_in_place(by=director, tournament=event, point_id=before.pk)
    undone = Tournament.objects.get(pk=event.pk)
    assert undone.name == "Renamed by mistake"
    assert not PrizeBand.objects.filter(division__tournament=event).exists()
    assert picture_without_restores(undone) == damaged


def test_an_event_restored_twice_over_comes_back_each_time():
    """A restored log names what the event no longer had by a blank id; its points restore too."""
    event = demo_event()
    director = event.roles.get(role="director").user
    picture = event_picture(event)
    point = restore_point_take(by=director, tournament=event)
    damage(event, director, divisions=False)
    _outcome, before = restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    restore_point_in_place(by=director, tournament=event, point_id=before.pk)
    assert AuditEntry.objects.filter(tournament=event, object_id="").exists()
    again = restore_point_take(by=director, tournament=event)
    restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert picture_without_restores(Tournament.objects.get(pk=event.pk)) == picture
    copy = restore_point_copy(by=director, tournament=event, point_id=again.pk).tournament
    assert copy.name == "Renamed by mistake"


def test_a_point_of_another_event_is_refused_and_nothing_changes(director):
    event, _division = paired_event(director)
    other, _other_division = paired_event(director)
    foreign = restore_point_take(by=director, tournament=other)
    before = database_state()
    for restore in (restore_point_in_place, restore_point_copy):
        with pytest.raises(RestorePointRefused) as refused:
            restore(by=director, tournament=event, point_id=foreign.pk)
        assert str(refused.value) == f"This event has no restore point #{foreign.pk}."
    assert database_state() == before


@pytest.mark.parametrize("point_id", [999_999, "7x", "", -1, None])
def test_an_unknown_or_malformed_point_id_is_refused(director, point_id):
    event, _division = paired_event(director)
    restore_point_take(by=director, tournament=event)
    before = database_state()
    with pytest.raises(RestorePointRefused, match="This event has no restore point"):
        restore_point_in_place(by=director, tournament=event, point_id=point_id)
    assert database_state() == before


def test_a_damaged_or_missing_file_is_refused_and_nothing_changes(director):
    event, _division = paired_event(director)
    point = restore_point_take(by=director, tournament=event)
    storage = restore_point_storage()
    with storage.open(point.file_name, "rb") as stored:
        packed = stored.read()
    storage.delete(point.file_name)
    before = database_state()
    with pytest.raises(RestorePointRefused) as refused:
        restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert str(refused.value) == (
        f"The file of restore point #{point.pk} is missing from the storage ({point.file_name})."
    )
    storage.save(point.file_name, _bytes_file(packed[:-1] + bytes([packed[-1] ^ 1])))
    with pytest.raises(RestorePointRefused) as refused:
        restore_point_copy(by=director, tournament=event, point_id=point.pk)
    assert str(refused.value) == (
        f"The file of restore point #{point.pk} is not the one written (its checksum differs)."
    )
    assert database_state() == before


def test_a_finalized_event_is_restored_only_as_a_copy(director):
    from django.utils import timezone

    event, _division = paired_event(director)
    point = restore_point_take(by=director, tournament=event)
    Tournament.objects.filter(pk=event.pk).update(finalized_at=timezone.now())
    points = RestorePoint.objects.count()
    with pytest.raises(RestorePointRefused, match="Restore the point as a copy instead."):
        restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert RestorePoint.objects.count() == points
    assert restore_point_copy(by=director, tournament=event, point_id=point.pk).tournament


def test_a_failed_restore_leaves_no_file_of_the_point_it_took(director, monkeypatch):
    from tournaments.services import restore_points

    event, _division = paired_event(director)
    point = restore_point_take(by=director, tournament=event)
    storage = restore_point_storage()
    files_before = set(storage.listdir(point.file_name.split("/")[0])[1])

    def fail(**kwargs):
        raise RuntimeError("disk gone")

    monkeypatch.setattr(restore_points, "event_replace", fail)
    with pytest.raises(RuntimeError):
        restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert set(storage.listdir(point.file_name.split("/")[0])[1]) == files_before
    assert RestorePoint.objects.filter(tournament=event).count() == 1


def _bytes_file(data: bytes):
    from django.core.files.base import ContentFile

    return ContentFile(data)


def test_a_director_added_after_the_point_still_directs_the_event_they_restored(director):
    from tests import factories

    event, _division = paired_event(director)
    point = restore_point_take(by=director, tournament=event)
    newcomer = factories.user()
    events.tournament_role_assign(by=director, tournament=event, user=newcomer, role="director")
    restore_point_in_place(by=newcomer, tournament=event, point_id=point.pk)
    assert sorted(event.roles.values_list("user__username", "role")) == sorted(
        [(director.username, "director"), (newcomer.username, "director")]
    )


def test_a_restore_in_place_keeps_the_events_current_address(director):
    event, _division = paired_event(director)
    point = restore_point_take(by=director, tournament=event)
    events.tournament_update(by=director, tournament=event, slug="moved-here")
    restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert Tournament.objects.get(pk=event.pk).slug == "moved-here"


def test_the_copy_of_a_private_event_is_private(director):
    event, _division = paired_event(director, is_public=False)
    point = restore_point_take(by=director, tournament=event)
    copy = restore_point_copy(by=director, tournament=event, point_id=point.pk).tournament
    assert copy.is_public is False
    assert list(Tournament.objects.visible_to(None).filter(pk=copy.pk)) == []
