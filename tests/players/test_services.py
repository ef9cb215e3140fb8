"""Player services: creation with duplicate warnings, updates, roster import all-or-nothing."""

import pytest

from core.models import AuditEntry
from players import services
from players.models import Player
from players.roster import parse_roster
from tests import factories

pytestmark = pytest.mark.django_db


def test_player_create_records_an_audit_entry(staff):
    player = services.player_create(by=staff, name="Anna Smith", country="gb")
    assert (player.country, player.sort_name) == ("GB", "Smith, Anna")
    entry = AuditEntry.objects.get()
    assert (entry.actor, entry.action, entry.object_id) == (staff, "player.create", str(player.pk))
    assert entry.after["name"] == "Anna Smith"


def test_same_name_and_country_warns_before_creating_a_second_record(staff):
    first = services.player_create(by=staff, name="Anna Smith", country="GB")
    with pytest.raises(services.DuplicatePlayer) as caught:
        services.player_create(by=staff, name="anna smith", country="GB")
    assert caught.value.matches == [first]
    assert Player.objects.count() == 1
    second = services.player_create(
        by=staff, name="Anna Smith", country="GB", confirm_duplicate=True
    )
    assert Player.objects.count() == 2 and second.pk != first.pk


def test_same_name_other_country_is_not_a_duplicate(staff):
    services.player_create(by=staff, name="Anna Smith", country="GB")
    services.player_create(by=staff, name="Anna Smith", country="US")
    assert Player.objects.count() == 2


def test_taken_member_id_is_refused_even_when_confirmed(staff):
    services.player_create(by=staff, name="Anna Smith", member_id="N123")
    with pytest.raises(services.PlayerRefused, match="N123 already belongs"):
        services.player_create(
            by=staff, name="Other Person", member_id="N123", confirm_duplicate=True
        )


def test_player_update_keeps_before_and_after(staff):
    player = factories.player("Ben Lee", rating=1500)
    services.player_update(by=staff, player=player, rating=1600)
    entry = AuditEntry.objects.get(action="player.update")
    assert (entry.before["rating"], entry.after["rating"]) == (1500, 1600)


def test_good_roster_imports_every_row(staff):
    roster = parse_roster("name,country,member_id,rating\nAnna,GB,A1,1500\nBen,NG,,\n")
    outcome = services.roster_import(by=staff, roster=roster)
    assert outcome.ok and outcome.duplicates == []
    assert list(Player.objects.order_by("name").values_list("name", "member_id", "rating")) == [
        ("Anna", "A1", 1500),
        ("Ben", "", None),
    ]


def test_one_bad_row_imports_nothing(staff):
    roster = parse_roster("name,country,member_id,rating\nAnna,GB,A1,1500\n,GB,,\nCarl,GB,,x\n")
    outcome = services.roster_import(by=staff, roster=roster)
    assert outcome.problems == [
        "Line 3: A player needs a name.",
        "Line 4: “x” is not a rating (a whole number from 0 to 3500).",
    ]
    assert Player.objects.count() == 0


def test_roster_row_with_taken_member_id_imports_nothing(staff):
    factories.player("Existing", member_id="A1")
    roster = parse_roster("name,country,member_id,rating\nNew,GB,B1,1\nAnna,GB,A1,1500\n")
    outcome = services.roster_import(by=staff, roster=roster)
    assert outcome.problems == ["Line 3: member id A1 already belongs to Existing."]
    assert Player.objects.count() == 1


def test_roster_duplicates_wait_for_confirmation(staff):
    existing = factories.player("Anna", country="GB")
    roster = parse_roster("name,country,member_id,rating\nAnna,GB,,\nBen,GB,,\n")
    outcome = services.roster_import(by=staff, roster=roster)
    assert [(row.name, matches) for row, matches in outcome.duplicates] == [("Anna", [existing])]
    assert outcome.created == [] and Player.objects.count() == 1
    confirmed = services.roster_import(by=staff, roster=roster, confirm_duplicates=True)
    assert [p.name for p in confirmed.created] == ["Anna", "Ben"]
    assert Player.objects.count() == 3
