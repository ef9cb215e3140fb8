"""Points of changes: a pairing's or a round end's point holds only what changed since the
event's previous point, and reading it back gives, byte for byte, the whole archive."""

import gzip
import json

import pytest
from django.core.files.base import ContentFile

from tests import factories
from tests.command_runs import database_state
from tests.tournaments.archive.world import demo_event, event_picture
from tournaments.archive.export import event_archive
from tournaments.models import Entry, Pairing, RestorePoint
from tournaments.services import entries, event_check_in, prizes, results, round_edits, rounds
from tournaments.services.restore_points import (
    RestorePointRefused,
    restore_point_copy,
    restore_point_data,
    restore_point_in_place,
    restore_point_storage,
    restore_point_take,
)

from .world import picture_without_restores

pytestmark = pytest.mark.django_db
PAIRING = RestorePoint.Reason.PAIRING


def as_bytes(archive: dict) -> bytes:
    archive = archive | {"exported_at": ""}
    return json.dumps(archive, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def point_now(director, event, reason=PAIRING) -> tuple[RestorePoint, bytes]:
    """A point of the event as it stands, and the whole archive read just before it."""
    expected = as_bytes(event_archive(event))
    return restore_point_take(by=director, tournament=event, reason=reason), expected


def read_back(point: RestorePoint) -> bytes:
    return as_bytes(json.loads(restore_point_data(point)))


def two_divisions(director):
    event = factories.tournament(director=director)
    a = factories.division(event, name="A", rounds=4)
    b = factories.division(event, name="B", rounds=4)
    factories.entries(a, 6)
    factories.entries(b, 4)
    return event, a, b


def pair(director, division, number):
    return rounds.round_pair(
        by=director, division=division, round_number=number, seed=3, restore_point=False
    )


def report_all(director, division, number):
    games = Pairing.objects.filter(round__division=division, round__number=number)
    for game in games.exclude(second=None).order_by("table"):
        results.result_record(
            by=director, pairing_id=game.pk, first_score=400, second_score=300 + game.table,
            expected_version=None,
        )  # fmt: skip


def a_day_of_changes(director, event, a, b):
    """Writes in both divisions, each followed by a point: (point, whole archive) in order."""
    taken = []
    pair(director, a, 1)
    pair(director, b, 1)
    taken.append(point_now(director, event))
    report_all(director, a, 1)
    taken.append(point_now(director, event, RestorePoint.Reason.ROUND_END))
    # The swap deletes two games of B and writes two new ones.
    first, third = (Entry.objects.get(division=b, number=n) for n in (1, 3))
    round_edits.round_swap_players(
        by=director, division=b, round_number=1, first=first, second=third
    )
    taken.append(point_now(director, event))
    entries.entry_withdraw(
        by=director, entry=Entry.objects.get(division=a, number=6), after_round=1
    )
    band = prizes.prize_band_create(by=director, division=b, label="Top", places=1, kind="rank")
    taken.append(point_now(director, event))
    pair(director, a, 2)
    report_all(director, b, 1)
    taken.append(point_now(director, event))
    prizes.prize_band_delete(by=director, band=band)
    results.result_record(
        by=director, pairing_id=Pairing.objects.filter(round__division=a, round__number=2)
        .exclude(second=None).order_by("table")[0].pk, first_score=350, second_score=360,
        expected_version=None,
    )  # fmt: skip
    taken.append(point_now(director, event))
    return taken


def test_every_point_of_a_chain_reads_back_as_the_whole_archive_byte_for_byte(director):
    event, a, b = two_divisions(director)
    taken = a_day_of_changes(director, event, a, b)
    points = [point for point, _expected in taken]
    assert [p.depth for p in points] == [0, 1, 2, 3, 4, 5]
    assert [p.base_id for p in points] == [None, *(p.pk for p in points[:-1])]
    for point, expected in taken:
        assert read_back(point) == expected


def test_a_point_of_changes_holds_only_the_parts_that_changed(director):
    event, a, b = two_divisions(director)
    pair(director, a, 1)
    pair(director, b, 1)
    restore_point_take(by=director, tournament=event, reason=PAIRING)
    report_all(director, a, 1)
    point, expected = point_now(director, event)
    with restore_point_storage().open(point.file_name, "rb") as stored:
        delta = json.loads(gzip.decompress(stored.read()))
    assert delta["format"] == "tournament-desk-event-changes"
    rnd = a.round_set.get(number=1)
    assert [(d["id"], "head" in d, [r["id"] for r in d["rounds"]]) for d in delta["divisions"]] == [
        (a.pk, False, [rnd.pk])
    ]
    assert read_back(point) == expected


def test_a_restore_in_place_from_a_point_of_changes_puts_back_the_same_event():
    event = demo_event()
    director = event.roles.get(role="director").user
    b = factories.division(event, name="B", rounds=3)
    factories.entries(b, 4)
    restore_point_take(by=director, tournament=event, reason=PAIRING)
    pair(director, b, 1)
    report_all(director, b, 1)
    picture = event_picture(event)
    point = restore_point_take(by=director, tournament=event, reason=PAIRING)
    assert point.depth == 1
    pair(director, b, 2)
    prizes.prize_band_create(by=director, division=b, label="Top", places=1, kind="rank")
    restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert picture_without_restores(event) == picture
    copy = restore_point_copy(by=director, tournament=event, point_id=point.pk).tournament
    assert event_picture(copy) == picture


def test_the_points_taken_by_hand_or_before_a_restore_are_whole(director):
    event, a, _b = two_divisions(director)
    first = restore_point_take(by=director, tournament=event, reason=PAIRING)
    pair(director, a, 1)
    by_hand = restore_point_take(by=director, tournament=event)
    assert (first.depth, by_hand.depth, by_hand.base_id) == (0, 0, None)
    pair_point = restore_point_take(by=director, tournament=event, reason=PAIRING)
    _outcome, before = restore_point_in_place(by=director, tournament=event, point_id=first.pk)
    assert (pair_point.base_id, before.depth, before.base_id) == (by_hand.pk, 0, None)


def test_a_change_of_the_whole_event_takes_a_whole_point(director):
    event, a, _b = two_divisions(director)
    restore_point_take(by=director, tournament=event, reason=PAIRING)
    entries.entry_withdraw(
        by=director, entry=Entry.objects.get(division=a, number=1), after_round=0
    )
    assert restore_point_take(by=director, tournament=event, reason=PAIRING).depth == 1
    event_check_in.event_check_in_set_open(by=director, tournament=event, is_open=True)
    point, expected = point_now(director, event)
    assert (point.depth, point.base_id) == (0, None)
    assert read_back(point) == expected


def test_an_unaudited_write_still_shows_in_the_marks(director):
    event, a, b = two_divisions(director)
    pair(director, a, 1)
    pair(director, b, 1)
    restore_point_take(by=director, tournament=event, reason=PAIRING)
    Pairing.objects.filter(round__division=b).update(first_score=1)  # no audit entry
    point, expected = point_now(director, event)
    assert point.depth == 1
    assert read_back(point) == expected


def test_a_chain_longer_than_the_setting_starts_again_whole(director, settings):
    settings.RESTORE_POINT_CHAIN = 2
    event, a, _b = two_divisions(director)
    pair(director, a, 1)
    depths = [
        restore_point_take(by=director, tournament=event, reason=PAIRING).depth for _ in range(4)
    ]
    assert depths == [0, 1, 2, 0]


# A base gone or damaged -------------------------------------------------------------------------


def chain_of_three(director):
    event, a, b = two_divisions(director)
    base = restore_point_take(by=director, tournament=event, reason=PAIRING)
    pair(director, a, 1)
    middle = restore_point_take(by=director, tournament=event, reason=PAIRING)
    pair(director, b, 1)
    newest = restore_point_take(by=director, tournament=event, reason=PAIRING)
    return event, base, middle, newest


def refused_and_unchanged(director, event, point) -> RestorePointRefused:
    before = database_state()
    with pytest.raises(RestorePointRefused) as copy_refused:
        restore_point_copy(by=director, tournament=event, point_id=point.pk)
    with pytest.raises(RestorePointRefused) as in_place_refused:
        restore_point_in_place(by=director, tournament=event, point_id=point.pk)
    assert str(copy_refused.value) == str(in_place_refused.value)
    assert database_state() == before
    assert RestorePoint.objects.filter(reason="before_restore").count() == 0
    return copy_refused.value


def test_a_missing_base_file_is_refused_naming_it_and_nothing_changes(director):
    event, base, _middle, newest = chain_of_three(director)
    restore_point_storage().delete(base.file_name)
    refusal = refused_and_unchanged(director, event, newest)
    assert str(refusal) == (
        f"Restore point #{newest.pk} holds only the changes since restore point #{base.pk}, "
        f"which cannot be read: The file of restore point #{base.pk} is missing from the "
        f"storage ({base.file_name})."
    )


def test_a_damaged_link_of_the_chain_is_refused_naming_it_and_nothing_changes(director):
    event, _base, middle, newest = chain_of_three(director)
    storage = restore_point_storage()
    storage.delete(middle.file_name)
    storage.save(middle.file_name, ContentFile(b"not the file written"))
    refusal = refused_and_unchanged(director, event, newest)
    assert str(refusal) == (
        f"Restore point #{newest.pk} holds only the changes since restore point #{middle.pk}, "
        f"which cannot be read: The file of restore point #{middle.pk} is not the one written "
        f"(its checksum differs)."
    )


def test_a_base_no_longer_kept_is_refused_and_nothing_changes(director):
    event, base, _middle, newest = chain_of_three(director)
    RestorePoint.objects.filter(pk=base.pk).delete()
    refusal = refused_and_unchanged(director, event, newest)
    assert str(refusal) == (
        f"Restore point #{newest.pk} holds only the changes since an earlier point, which is "
        f"no longer kept; it cannot be restored."
    )


def test_a_point_after_one_whose_file_is_gone_is_whole(director):
    event, _base, _middle, newest = chain_of_three(director)
    restore_point_storage().delete(newest.file_name)
    point, expected = point_now(director, event)
    assert (point.depth, point.base_id) == (0, None)
    assert read_back(point) == expected


def test_a_point_from_before_chains_is_never_a_base(director):
    event, a, _b = two_divisions(director)
    old = restore_point_take(by=director, tournament=event, reason=PAIRING)
    RestorePoint.objects.filter(pk=old.pk).update(manifest={})
    pair(director, a, 1)
    assert restore_point_take(by=director, tournament=event, reason=PAIRING).base_id is None


# Kept and dropped -------------------------------------------------------------------------------


def test_points_kept_keep_their_chain_and_restore_at_the_boundary(
    director, settings, django_capture_on_commit_callbacks
):
    settings.RESTORE_POINTS_KEPT = 3
    settings.RESTORE_POINT_CHAIN = 2
    event, a, b = two_divisions(director)
    taken = []
    for step in range(7):  # whole, changes, changes, whole, changes, changes, whole
        if step == 1:
            pair(director, a, 1)
        if step == 3:
            pair(director, b, 1)
        if step == 4:
            report_all(director, a, 1)
        if step == 5:
            report_all(director, b, 1)
        with django_capture_on_commit_callbacks(execute=True):  # the files dropped go
            taken.append(point_now(director, event))
    points = [point for point, _expected in taken]
    assert [p.depth for p in points] == [0, 1, 2, 0, 1, 2, 0]
    kept = set(RestorePoint.objects.filter(tournament=event).values_list("pk", flat=True))
    # The newest three (6, 5, 4) and the whole point 4 and 5 hold changes since (3); the points
    # beyond (0, 1, 2) are dropped with their files.
    assert kept == {points[n].pk for n in (3, 4, 5, 6)}
    storage = restore_point_storage()
    assert [storage.exists(points[n].file_name) for n in (0, 1, 2)] == [False] * 3
    for n in (3, 4, 5, 6):
        assert read_back(points[n]) == taken[n][1]
