"""Broadcast settings are audited, bounded and refused whole; a private event never shows."""

import pytest

from core.models import AuditEntry
from games.broadcast import services
from games.broadcast.models import BroadcastMark, DivisionBroadcast, EventBroadcast
from games.broadcast.selectors import broadcast_board, division_boards
from games.engine.broadcast import BroadcastRefused
from tests import factories
from tests.games.broadcast.world import world

pytestmark = pytest.mark.django_db


def test_marking_a_game_shows_it_and_is_audited(director):
    w = world(director)
    assert broadcast_board(w.games[1].pk) is None
    services.broadcast_mark(by=director, game=w.games[1], on=True)
    assert broadcast_board(w.games[1].pk).game == w.games[1]
    entry = AuditEntry.objects.get(action="broadcast.mark")
    assert (entry.tournament_id, entry.after) == (
        w.event.pk,
        {"game": w.games[1].pk, "broadcast": True},
    )


def test_unmarking_hides_it_again(director):
    w = world(director)
    services.broadcast_mark(by=director, game=w.games[0], on=True)
    services.broadcast_mark(by=director, game=w.games[0], on=False)
    assert broadcast_board(w.games[0].pk) is None
    assert not BroadcastMark.objects.exists()
    assert AuditEntry.objects.filter(action="broadcast.unmark").count() == 1


def test_a_casual_game_cannot_be_marked(director):
    game = factories.game()
    with pytest.raises(services.BroadcastMarkRefused):
        services.broadcast_mark(by=director, game=game, on=True)
    assert not BroadcastMark.objects.exists()


def test_top_tables_show_every_game_at_those_tables(director):
    w = world(director, tables=3)
    services.broadcast_top_tables_set(by=director, division=w.division, tables=2)
    assert [b.game.pairing.table for b in division_boards(w.division)] == [1, 2]
    assert DivisionBroadcast.objects.get().top_tables == 2


@pytest.mark.parametrize("minutes", [0, 60])
def test_a_delay_at_either_bound_is_saved_and_audited(director, minutes):
    w = world(director)
    services.broadcast_delay_set(by=director, tournament=w.event, minutes=minutes)
    assert EventBroadcast.objects.get().delay_minutes == minutes
    assert AuditEntry.objects.get(action="broadcast.delay").after == {"delay_minutes": minutes}


@pytest.mark.parametrize("minutes", [-1, 61])
def test_a_delay_out_of_bounds_changes_nothing(director, minutes):
    w = world(director)
    services.broadcast_delay_set(by=director, tournament=w.event, minutes=5)
    with pytest.raises(BroadcastRefused):
        services.broadcast_delay_set(by=director, tournament=w.event, minutes=minutes)
    assert EventBroadcast.objects.get().delay_minutes == 5
    assert AuditEntry.objects.filter(action="broadcast.delay").count() == 1


@pytest.mark.parametrize("tables", [-1, 51])
def test_top_tables_out_of_bounds_change_nothing(director, tables):
    w = world(director)
    with pytest.raises(BroadcastRefused):
        services.broadcast_top_tables_set(by=director, division=w.division, tables=tables)
    assert not DivisionBroadcast.objects.exists()


def test_a_private_event_never_shows_marked_or_at_a_top_table(director):
    w = world(director, public=False)
    services.broadcast_mark(by=director, game=w.games[0], on=True)
    services.broadcast_top_tables_set(by=director, division=w.division, tables=2)
    assert broadcast_board(w.games[0].pk) is None
    assert division_boards(w.division) == []
