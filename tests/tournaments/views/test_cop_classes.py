"""Class prizes on a COP division the way TSH states them: entries' classes as numbers (0: no
class), prizes as one count per class number, and the page saying which prizes are in force."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from pairing.cop.settings import class_key, class_prizes_in_force
from tests.tournaments.division_setup import field, games, play_round
from tournaments.models import Division, Entry
from tournaments.services.rounds import round_pair

from .test_cop_pages import _edit, _url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("label", "key"), [("1", "1"), ("01", "1"), ("0", ""), ("", ""), (" b ", "B"), ("12", "12")]
)
def test_a_class_is_keyed_by_number_as_tsh_sends_it_or_by_letter(label, key):
    assert class_key(label) == key


def test_the_prizes_in_force_are_those_of_classes_with_entries():
    found = class_prizes_in_force({"1": 1, "3": 2, "2": 0}, ["1", "01", "2", "0", "", "B"])
    assert found.in_force == (("1", 1, 2),)
    assert found.idle == (("3", 2),)
    assert found.unprized == (("2", 1), ("B", 1))


@pytest.fixture
def division(director):
    found, entries = field(4, director=director, rounds=2)
    classes = ["1", "1", "2", "0"]
    for entry, klass in zip(entries, classes, strict=True):
        Entry.objects.filter(pk=entry.pk).update(player_class=klass)
    return found


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("1, 2", {"1": 1, "2": 2}),  # TSH's list: class k gets the k-th count
        ("1: 1, 2: 2", {"1": 1, "2": 2}),
        ("01: 1; b=2", {"1": 1, "B": 2}),
    ],
)
def test_the_settings_accept_class_prizes_by_class_number(
    client, director, division, typed, stored
):
    client.force_login(director)
    assert _edit(client, division, class_prizes=typed).status_code == 302
    assert Division.objects.get(pk=division.pk).cop_settings["class_prizes"] == stored


def test_class_0_cannot_have_prizes(client, director, division):
    client.force_login(director)
    response = _edit(client, division, class_prizes="0: 1")
    assert response.status_code == 200
    assert "Class 0 is no class: it cannot have prizes." in response.content.decode()


def test_the_settings_page_shows_the_class_prizes_in_force(client, director, division):
    client.force_login(director)
    _edit(client, division, class_prizes="1, 0, 2")
    page = client.get(_url(division, "division_edit")).content.decode()
    assert "Class prizes in force" in page
    assert "Class 1: 1 prize, 2 entries compete for it." in page
    assert "Class 3 has prizes but no entry in it: not in force." in page
    assert "Class 2 has 1 entry and no prize." in page


def test_without_class_prizes_the_page_says_none_is_in_force(client, director, division):
    client.force_login(director)
    page = client.get(_url(division, "division_edit")).content.decode()
    assert "None: no class with prizes has entries" in page


def test_numbered_entry_classes_reach_cop_like_letters():
    # As test_cop_pairing's class division, with class "01" instead of "B" and the prizes
    # given as TSH's list: the same final round.
    division, entries = field(
        6,
        rounds=2,
        pairing_plan="1-1 koth; 2-N cop",
        prize_places=1,
        cop_settings={"division_sims": 1000, "control_loss_sims": 200, "class_prizes": {"1": 1}},
    )
    Entry.objects.filter(pk__in=[entries[i].pk for i in (0, 2, 4)]).update(player_class="01")
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    round_pair(by=None, division=division, round_number=2, seed=3)
    assert games(division, 2) == {frozenset({4, 6}), frozenset({3, 5}), frozenset({1, 2})}


@pytest.mark.parametrize(
    ("typed", "stored"), [("2", "2"), ("02", "2"), ("0", ""), ("", ""), ("b", "B")]
)
def test_the_entry_page_sets_a_class_number_as_tsh_sends_it(
    client, director, division, typed, stored
):
    entry = division.entries.order_by("number").first()
    client.force_login(director)
    url = reverse(
        "tournaments:entry_update",
        kwargs={
            "tournament_slug": division.tournament.slug,
            "division_name": division.name,
            "entry_id": entry.pk,
        },
    )
    assert client.post(url, {"action": "class", "klass": typed}).status_code == 302
    entry.refresh_from_db()
    assert entry.player_class == stored
    audit = AuditEntry.objects.filter(action="entry.class").latest("id")
    assert audit.after["player_class"] == stored


def test_a_class_that_is_not_a_number_or_letters_is_refused(client, director, division):
    entry = division.entries.order_by("number").first()
    client.force_login(director)
    url = reverse(
        "tournaments:entry_update",
        kwargs={
            "tournament_slug": division.tournament.slug,
            "division_name": division.name,
            "entry_id": entry.pk,
        },
    )
    response = client.post(url, {"action": "class", "klass": "A-1"}, follow=True)
    assert (
        "A class is a number (0 for none) or up to 4 letters and digits"
        in response.content.decode()
    )
    entry.refresh_from_db()
    assert entry.player_class == "1"
