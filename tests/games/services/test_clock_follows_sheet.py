"""The table clock follows the scoresheet where a challenge decides who moves next: after
"Challenged, valid" (the challenger loses the turn) it runs for the player to move."""

import pytest

from games.models import GameClock
from games.services import clock as services
from games.services import games as game_services
from tests import factories

pytestmark = pytest.mark.django_db
T0 = 1_780_000_000_000


@pytest.fixture
def game(director):
    return factories.game(rules_preset="thai", created_by=director)


@pytest.fixture
def now(monkeypatch):
    moment = {"ms": T0}
    monkeypatch.setattr(services, "now_ms", lambda: moment["ms"])
    return moment


def test_a_valid_play_challenged_gives_the_clock_back_to_the_player_who_moves_again(
    game, director, now
):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    services.clock_act(
        by=director, game=game, action="press", player=0, at=T0 + 20_000, now=T0 + 20_000
    )
    now["ms"] = T0 + 25_000  # the second player challenged 5 s later: the play is valid
    game = game_services.turn_record(by=director, game=game, move="8H AT", challenge="valid")
    assert game.rule_set().name == "thai"
    clock = GameClock.objects.get(game=game)
    assert (clock.running, clock.turn_of, clock.since_ms) == (0, 0, T0 + 25_000)
    assert (clock.first_used_ms, clock.second_used_ms) == (20_000, 5_000)


def test_recording_the_challenge_afterwards_does_the_same(game, director, now):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    services.clock_act(
        by=director, game=game, action="press", player=0, at=T0 + 20_000, now=T0 + 20_000
    )
    game = game_services.turn_record(by=director, game=game, move="8H AT")
    assert GameClock.objects.get(game=game).running == 1  # the second player to move
    now["ms"] = T0 + 30_000
    game_services.turn_challenge_last(by=director, game=game, challenge="valid")
    assert GameClock.objects.get(game=game).running == 0


def test_a_turn_without_a_challenge_leaves_the_clock_to_the_players(game, director, now):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    game = game_services.turn_record(by=director, game=game, move="8H AT")
    clock = GameClock.objects.get(game=game)
    assert (clock.running, clock.version) == (0, 1)  # only the start: the player presses


def test_a_stopped_clock_stays_stopped(game, director, now):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    services.clock_act(by=director, game=game, action="pause", now=T0 + 1_000)
    game_services.turn_record(by=director, game=game, move="8H AT", challenge="valid")
    assert GameClock.objects.get(game=game).running is None
