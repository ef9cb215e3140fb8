"""The audited writes every simple service is made of: lock, check, validate, save, record."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from core.audit import audited_create, audited_delete, audited_update, snapshot
from core.models import AuditEntry
from players.models import Player
from tests import factories
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

FIELDS = ["name", "country", "rating"]


def refuse(*args):
    raise ValidationError("refused")


def test_snapshot_writes_decimals_as_text():
    division = factories.division()
    entry = factories.entries(division, 1)[0]
    entry.starting_wins = Decimal("2.5")
    assert snapshot(entry, ["starting_wins", "number"]) == {"starting_wins": "2.5", "number": 1}


def test_audited_create_saves_and_records_the_fields_after():
    player = audited_create(
        by=None,
        instance=Player(name="Ann", country="GB", rating=1500),
        fields=FIELDS,
        action="test.create",
        scope="test:1",
    )
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.object_type, entry.object_id) == (
        "test.create",
        "players.player",
        str(player.pk),
    )
    assert (entry.scope, entry.before, entry.after) == (
        "test:1",
        None,
        {"name": "Ann", "country": "GB", "rating": 1500},
    )


def test_audited_create_writes_nothing_when_the_check_refuses():
    with pytest.raises(ValidationError):
        audited_create(
            by=None, instance=Player(name="Ann"), fields=FIELDS, action="x", check=refuse
        )
    assert (Player.objects.count(), AuditEntry.objects.count()) == (0, 0)


def test_audited_create_runs_the_models_validation():
    with pytest.raises(ValidationError):
        audited_create(by=None, instance=Player(name=""), fields=FIELDS, action="x")
    assert (Player.objects.count(), AuditEntry.objects.count()) == (0, 0)


def test_audited_update_records_before_and_after():
    player = factories.player("Ann", rating=1500)
    audited_update(
        by=None, instance=player, fields=FIELDS, changes={"rating": 1510}, action="test.update"
    )
    entry = AuditEntry.objects.get()
    assert entry.before == {"name": "Ann", "country": "GB", "rating": 1500}
    assert entry.after == {"name": "Ann", "country": "GB", "rating": 1510}


def test_audited_update_computes_changes_from_the_locked_row():
    player = factories.player("Ann", rating=1500)
    Player.objects.filter(pk=player.pk).update(rating=1600)  # a change the caller has not seen
    updated = audited_update(
        by=None,
        instance=player,
        fields=FIELDS,
        changes=lambda locked: {"rating": locked.rating + 10},
        action="test.update",
    )
    assert updated.rating == 1610
    assert AuditEntry.objects.get().before["rating"] == 1600


def test_audited_update_cleans_the_changed_row_and_writes_nothing_when_refused():
    player = factories.player("Ann", rating=1500)
    seen = []

    def clean(changed):
        seen.append(changed.rating)
        refuse()

    with pytest.raises(ValidationError):
        audited_update(
            by=None,
            instance=player,
            fields=FIELDS,
            changes={"rating": 1510},
            action="x",
            clean=clean,
        )
    assert seen == [1510]
    player.refresh_from_db()
    assert (player.rating, AuditEntry.objects.count()) == (1500, 0)


def test_audited_update_check_sees_the_row_before_the_changes():
    player = factories.player("Ann", rating=1500)
    seen = []
    audited_update(
        by=None,
        instance=player,
        fields=FIELDS,
        changes={"rating": 1510},
        action="x",
        check=lambda locked, changes: seen.append((locked.rating, changes)),
    )
    assert seen == [(1500, {"rating": 1510})]


def test_audited_update_refuses_fields_outside_its_list():
    player = factories.player("Ann")
    with pytest.raises(ValueError, match=r"Unknown player fields: \['member_id'\]"):
        audited_update(
            by=None, instance=player, fields=FIELDS, changes={"member_id": "X1"}, action="x"
        )
    assert AuditEntry.objects.count() == 0


def test_audited_update_loads_the_related_rows_it_is_asked_to_lock():
    entry = factories.entries(factories.division(name="A"), 1)[0]
    updated = audited_update(
        by=None,
        instance=Entry.objects.get(pk=entry.pk),
        fields=["rating"],
        changes={"rating": 1234},
        action="x",
        select_related=["division"],
    )
    assert "division" in updated._state.fields_cache
    assert updated.division.name == "A"


def test_audited_delete_records_the_fields_before_and_deletes():
    player = factories.player("Ann", rating=1500)
    pk = player.pk
    audited_delete(by=None, instance=player, fields=FIELDS, action="test.delete")
    entry = AuditEntry.objects.get()
    assert (entry.object_id, entry.before, entry.after) == (
        str(pk),
        {"name": "Ann", "country": "GB", "rating": 1500},
        None,
    )
    assert not Player.objects.filter(pk=pk).exists()
