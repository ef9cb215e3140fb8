"""An erased person stays erased in the restore points: a point taken before the erasure holds
them no more (its file is rewritten) and, whatever a file holds, every erasure is applied again
when a point is read: downloaded, restored as a copy or restored in place. After either restore
the person is on no public page and no player of that name or member id exists again."""

import gzip

import pytest
from django.urls import reverse

from config.person_data import person_erase
from players.erasure import player_erase
from players.models import Player
from tests import factories
from tournaments.models import Entry, Tournament
from tournaments.services.restore_points import (
    restore_point_copy,
    restore_point_data,
    restore_point_in_place,
    restore_point_storage,
    restore_point_take,
)

pytestmark = pytest.mark.django_db

NAME, MEMBER_ID = "Erin Erasable", "ER-20261"


@pytest.fixture
def world(director):
    event = factories.tournament(director=director, is_public=True)
    division = factories.division(event, name="A")
    erin = factories.player(NAME, member_id=MEMBER_ID, country="NZ")
    Entry.objects.create(division=division, player=erin, number=1)
    Entry.objects.create(division=division, player=factories.player("Kept Person"), number=2)
    point = restore_point_take(by=director, tournament=event)
    return {"event": event, "erin": erin, "point": point, "director": director}


def holds_the_person(data: bytes) -> bool:
    text = data.decode("utf-8")
    return NAME in text or MEMBER_ID in text or "Erasable" in text


def stored_bytes(point) -> bytes:
    point.refresh_from_db()
    with restore_point_storage().open(point.file_name, "rb") as stored:
        return gzip.decompress(stored.read())


def public_pages(client, event) -> str:
    pages = [reverse("players:list"), reverse("tournaments:detail", args=[event.slug])]
    return "".join(client.get(url).content.decode() for url in pages)


def nobody_named_again(client) -> None:
    assert not Player.objects.filter(name__icontains="Erasable").exists()
    assert not Player.objects.filter(member_id=MEMBER_ID).exists()
    for event in Tournament.objects.all():
        assert NAME not in public_pages(client, event)


def test_a_point_taken_before_the_erasure_is_rewritten_without_the_person(world, staff):
    assert holds_the_person(stored_bytes(world["point"]))
    person_erase(by=staff, player=world["erin"])
    assert not holds_the_person(stored_bytes(world["point"]))
    assert "Kept Person" in stored_bytes(world["point"]).decode()


def test_the_download_holds_no_erased_person(client, world, staff):
    person_erase(by=staff, player=world["erin"])
    client.force_login(world["director"])
    url = reverse(
        "tournaments:restore_point_download", args=[world["event"].slug, world["point"].pk]
    )
    response = client.get(url)
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if body[:2] == b"\x1f\x8b":
        body = gzip.decompress(body)
    assert not holds_the_person(body) and b"Kept Person" in body


def test_a_point_restored_as_a_copy_brings_no_erased_person_back(client, world, staff):
    person_erase(by=staff, player=world["erin"])
    restore_point_copy(by=world["director"], tournament=world["event"], point_id=world["point"].pk)
    copy = Tournament.objects.get(slug=f"{world['event'].slug}-copy")
    entered = set(Entry.objects.filter(division__tournament=copy).values_list("player", flat=True))
    assert world["erin"].pk in entered  # the same (now anonymous) player row, not a new one
    nobody_named_again(client)


def test_a_point_restored_in_place_brings_no_erased_person_back(client, world, staff):
    person_erase(by=staff, player=world["erin"])
    restore_point_in_place(
        by=world["director"], tournament=world["event"], point_id=world["point"].pk
    )
    nobody_named_again(client)


def test_the_ledger_erases_a_point_whose_file_still_holds_the_person(client, world, staff):
    """A file the rewrite never reached (put back from a backup, say) still holds them: reading
    it applies every erasure made since."""
    player_erase(by=staff, player=world["erin"])  # the player alone: the file is untouched
    assert holds_the_person(stored_bytes(world["point"]))
    assert not holds_the_person(restore_point_data(world["point"]))
    restore_point_copy(by=world["director"], tournament=world["event"], point_id=world["point"].pk)
    nobody_named_again(client)
