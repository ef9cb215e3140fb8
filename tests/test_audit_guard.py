"""The test-only watch on writes finds a write no audit entry covers, and only such writes."""

import pytest
from django.db import transaction

from players.models import Player
from players.services import player_update
from tests import factories
from tests.audit_guard import last_audit_id, unaudited, watching_writes
from tournaments.models import Tournament
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def test_a_save_without_an_audit_entry_is_named():
    player = factories.player("Ann")
    since = last_audit_id()
    with watching_writes() as writes:
        player.name = "Anne"
        player.save()
    assert unaudited(writes, since) == [
        f"saved players.player#{player.pk}",
        "wrote the table of players.player",
    ]


def test_a_bulk_update_that_sends_no_signal_is_named_by_its_table():
    factories.tournament()
    since = last_audit_id()
    with watching_writes() as writes:
        Tournament.objects.update(venue="Hall")
    assert unaudited(writes, since) == ["wrote the table of tournaments.tournament"]


def test_a_write_through_a_service_is_covered():
    player = factories.player("Ann")
    since = last_audit_id()
    with watching_writes() as writes:
        player_update(by=None, player=player, name="Anne")
    assert unaudited(writes, since) == []


def test_the_games_of_a_paired_round_are_covered_by_the_rounds_entry():
    division = factories.division(rounds=3)
    factories.entries(division, 4)
    since = last_audit_id()
    with watching_writes() as writes:
        round_pair(by=None, division=division, round_number=1, seed=1)
    assert "tournaments.pairing" in writes.models()
    assert unaudited(writes, since) == []


class Refused(Exception):
    pass


def test_a_write_rolled_back_to_its_savepoint_is_forgotten():
    since = last_audit_id()
    with watching_writes() as writes, pytest.raises(Refused), transaction.atomic():
        Player.objects.create(name="Bob")
        raise Refused
    assert not Player.objects.exists()
    assert unaudited(writes, since) == []
