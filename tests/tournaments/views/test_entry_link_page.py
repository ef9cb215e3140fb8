"""What a player's personal page says and links to: "I'm here" while their first round is not
paired, the desk once it is paired without them; their player page only where they can open it."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Entry
from tournaments.selectors.entry_links import entry_token
from tournaments.services import check_in
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

BUTTON = "I'm here"
NOT_PAIRED = "Not paired yet: look again when the round is paired."
SEE_DESK = "Round 1 is already paired without you. Please see the director's desk."


@pytest.fixture
def division(event, director):
    """Division A, five registered players, check-in open; round 1 pairs only those checked in."""
    division = factories.division(event, name="A", rounds=5)
    for entry in factories.entries(division, 5):
        entry.status = Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
    return check_in.check_in_set_open(by=director, division=division, is_open=True)


def link(entry: Entry, name: str = "entry_link") -> str:
    return reverse(
        f"tournaments:{name}", args=[entry.division.tournament.slug, entry_token(entry.pk)]
    )


def numbered(division, number: int) -> Entry:
    return Entry.objects.select_related("division__tournament").get(
        division=division, number=number
    )


def test_before_round_one_is_paired_im_here_checks_the_player_in(client, division):
    late = numbered(division, 5)
    page = client.get(link(late)).text
    assert BUTTON in page and NOT_PAIRED in page
    client.post(link(late, "entry_link_check_in"))
    assert numbered(division, 5).status == Entry.Status.CHECKED_IN


def test_once_round_one_is_paired_without_them_the_page_sends_them_to_the_desk(
    client, division, director
):
    for number in (1, 2, 3, 4):
        client.post(link(numbered(division, number), "entry_link_check_in"))
    round_pair(by=director, division=division, round_number=1, seed=1)
    late = numbered(division, 5)
    page = client.get(link(late)).text
    assert SEE_DESK in page
    assert BUTTON not in page and NOT_PAIRED not in page
    before = AuditEntry.objects.count()
    response = client.post(link(late, "entry_link_check_in"))  # a page loaded before pairing
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == [SEE_DESK]
    assert numbered(division, 5).status == Entry.Status.REGISTERED
    assert AuditEntry.objects.count() == before
    paired = client.get(link(numbered(division, 1))).text
    assert "Round 1: table" in paired and SEE_DESK not in paired


@pytest.mark.parametrize("is_public", [True, False])
def test_the_page_links_to_the_player_page_only_where_its_reader_can_open_it(
    client, director, is_public
):
    event = factories.tournament(director=director, is_public=is_public, slug="club-night")
    division = factories.division(event, name="A")
    entries = factories.entries(division, 4)
    factories.round_with_pairings(division, entries)
    page = client.get(link(entries[0]))
    assert page.status_code == 200
    assert "Round 1: table 1 against" in page.text
    player_page = reverse("tournaments:public_player", args=["club-night", "A", 1])
    assert client.get(player_page).status_code == (200 if is_public else 404)
    assert (player_page in page.text) is is_public
    assert ("Your results and standing" in page.text) is is_public
