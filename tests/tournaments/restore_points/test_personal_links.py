"""A restore in place is the same event: each player's printed personal link and short code
(they name the entry by its id and link generation) still open their page, even when the
division was deleted before the restore, and a link the director replaced since the point stays
void. A copy is a new event: its entries have ids of their own, and the original's links and
codes never open it."""

import json

import pytest

from core.models import AuditEntry
from games.models import Game
from tests import factories
from tests.tournaments.archive.world import small_event
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.same_ids import SameEntries, entry_ids_kept, last_issued
from tournaments.models import Entry, Pairing
from tournaments.selectors.entry_links import (
    LinkRefused,
    entry_link,
    entry_token,
    linked_entry,
    short_code,
    short_code_entry,
)
from tournaments.services.entry_links import entry_link_reissue
from tournaments.services.restore_points import (
    restore_point_copy,
    restore_point_in_place,
    restore_point_take,
)

pytestmark = pytest.mark.django_db
BAD = "This link is not valid. Ask the director for your player card."
REVOKED = "This link is void: the director replaced it. Ask the director for your new player card."
OTHER_EVENT = "This link belongs to another event."


@pytest.fixture
def event(director):
    return small_event(director)


def printed(event) -> list[tuple]:
    """Each player's printed card: name, personal link, short code."""
    entries = Entry.objects.filter(division__tournament=event).select_related("player")
    return [
        (e.player.name, entry_token(e.pk, e.link_generation), short_code(e.pk, e.link_generation))
        for e in entries.order_by("number")
    ]


def opened(event, cards) -> list[str]:
    """Whose page each card's link and code open in ``event`` (names), or the refusal."""
    found = []
    for name, token, code in cards:
        try:
            by_link, by_code = linked_entry(event.slug, token), short_code_entry(code)
        except LinkRefused as err:
            found.append(f"{name}: {err.template}")
        else:
            assert by_link == by_code
            found.append(by_link.player.name)
    return found


def restored(director, event, point) -> None:
    restore_point_in_place(by=director, tournament=event, point_id=point.pk)


def test_printed_links_and_codes_open_the_same_pages_after_a_restore_in_place(
    client, director, event
):
    cards = printed(event)
    names = [name for name, _token, _code in cards]
    point = restore_point_take(by=director, tournament=event)
    restored(director, event, point)
    assert opened(event, cards) == names
    first = Entry.objects.get(division__tournament=event, number=1)
    assert client.get(entry_link(event.slug, first.pk)).status_code == 200


def test_they_open_again_after_the_division_was_deleted_and_restored(director, event):
    cards = printed(event)
    point = restore_point_take(by=director, tournament=event)
    Game.objects.filter(pairing__round__division__tournament=event).delete()
    Pairing.objects.filter(round__division__tournament=event).delete()
    event.divisions.all().delete()
    assert opened(event, cards) == [f"{name}: {BAD}" for name, _token, _code in cards]
    restored(director, event, point)
    assert opened(event, cards) == [name for name, _token, _code in cards]


def test_a_link_replaced_after_the_point_stays_void_and_its_new_one_works(director, event):
    point = restore_point_take(by=director, tournament=event)
    old = printed(event)
    entry_link_reissue(by=director, entry=Entry.objects.get(division__tournament=event, number=1))
    new = printed(event)
    restored(director, event, point)
    assert opened(event, new) == [name for name, _token, _code in new]
    assert opened(event, old[:1]) == [f"{old[0][0]}: {REVOKED}"]
    assert AuditEntry.objects.filter(tournament=event, action="entry.link_reissue").count() == 0


def test_a_copy_has_entries_of_its_own_the_originals_links_never_open(director, event):
    cards = printed(event)
    names = [name for name, _token, _code in cards]
    point = restore_point_take(by=director, tournament=event)
    copy = restore_point_copy(by=director, tournament=event, point_id=point.pk).tournament
    originals = set(Entry.objects.filter(division__tournament=event).values_list("pk", flat=True))
    copied = set(Entry.objects.filter(division__tournament=copy).values_list("pk", flat=True))
    assert len(copied) == len(originals) and not copied & originals
    assert set(opened(copy, cards)) == {f"{name}: {OTHER_EVENT}" for name in names}
    assert opened(event, cards) == names  # the codes open the original's pages
    assert opened(copy, printed(copy)) == names


def test_an_archive_from_before_link_generations_reads_the_first_link(director, event):
    entry_link_reissue(by=director, entry=Entry.objects.get(division__tournament=event, number=1))
    archive = event_archive(event)
    for entry in archive["divisions"][0]["entries"]:
        del entry["link_generation"]
    copy = event_import(by=None, data=json.dumps(archive).encode(), slug="copy").tournament
    generations = Entry.objects.filter(division__tournament=copy).values_list(
        "link_generation", flat=True
    )
    assert set(generations) == {0}


def test_an_id_another_row_holds_or_the_database_never_handed_out_is_not_kept(event):
    other = factories.entries(factories.division(name="Elsewhere"), 1)[0]
    issued = last_issued(Entry)
    never = (issued or other.pk) + 1000
    wanted = [Entry(pk=other.pk), Entry(pk=never, link_generation=2)]
    kept = entry_ids_kept(wanted, SameEntries({never: 1}))
    # SQLite moves its counter past an explicit id itself; PostgreSQL's sequence would not.
    assert kept == (set() if issued is not None else {never})
    assert wanted[1].link_generation == 2
