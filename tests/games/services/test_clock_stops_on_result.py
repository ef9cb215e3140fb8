"""A result entered for a pairing (on the result entry page, say) ends its game: the game's
running table clock stops in the same write, as when the sheet itself ends the game."""

import pytest

from core.models import AuditEntry
from games.models import GameClock
from games.services import clock as clock_services
from tests import factories
from tournaments.services.results import result_clear, result_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairing(director):
    event = factories.tournament(director=director)
    division = factories.division(event)
    entries = factories.entries(division, 2)
    return factories.round_with_pairings(division, entries).pairings.get()


def _running_clock(pairing, director):
    game = factories.game(pairing.first.player, pairing.second.player, pairing=pairing)
    clock_services.clock_act(by=director, game=game, action="start", player=0)
    return game


def _record(pairing, director, first, second):
    pairing.refresh_from_db()
    return result_record(
        by=director,
        pairing_id=pairing.pk,
        first_score=first,
        second_score=second,
        expected_version=pairing.version,
    )


def test_a_result_entered_for_the_pairing_stops_its_games_clock(pairing, director):
    game = _running_clock(pairing, director)
    _record(pairing, director, 402, 380)
    clock = GameClock.objects.get(game=game)
    assert clock.running is None
    assert AuditEntry.objects.filter(action="game.clock.stop").count() == 1


def test_clearing_a_result_leaves_the_clock_alone(pairing, director):
    game = _running_clock(pairing, director)
    _record(pairing, director, 402, 380)  # stops the clock
    clock_services.clock_act(
        by=director, game=game, action="start", player=1
    )  # the game goes on after all
    pairing.refresh_from_db()
    result_clear(by=director, pairing_id=pairing.pk, expected_version=pairing.version)
    assert GameClock.objects.get(game=game).running == 1
    assert AuditEntry.objects.filter(action="game.clock.stop").count() == 1
    assert AuditEntry.objects.filter(action="result.clear").count() == 1


def test_another_pairings_result_leaves_this_clock_running(pairing, director):
    game = _running_clock(pairing, director)
    other_division = factories.division(factories.tournament(director=director))
    other = factories.round_with_pairings(
        other_division, factories.entries(other_division, 2)
    ).pairings.get()
    _record(other, director, 300, 200)
    assert GameClock.objects.get(game=game).running == 0


def test_a_result_for_a_pairing_without_a_game_writes_no_clock_entry(pairing, director):
    _record(pairing, director, 350, 340)
    assert not AuditEntry.objects.filter(action__startswith="game.clock").exists()
