"""The table clock as stored: audited presses, the same clock on every device, the press window."""

import json

import pytest
from django.urls import reverse

from core.models import AuditEntry
from games.models import GameClock
from games.services import clock as services
from games.services import games as game_services
from tests import factories

pytestmark = pytest.mark.django_db
T0 = 1_800_000_000_000  # a fixed moment on the server's time line (ms)


@pytest.fixture
def game(director):
    return factories.game(rules_preset="thai", created_by=director)


def test_start_and_press_are_stored_and_audited(game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    answer = services.clock_act(by=director, game=game, action="press", player=0, now=T0 + 42_000)
    clock = GameClock.objects.get(game=game)
    assert (clock.running, clock.since_ms, clock.first_used_ms, clock.last_turn_ms) == (
        1,
        T0 + 42_000,
        42_000,
        42_000,
    )
    assert (answer.changed, clock.version) == (True, 2)
    actions = list(AuditEntry.objects.order_by("id").values_list("action", flat=True))
    assert actions == ["game.clock.start", "game.clock.press"]


def test_a_reload_reads_the_same_clock(game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    first = services.clock_read(game, now=T0 + 30_000)
    again = services.clock_read(game, now=T0 + 30_000)
    assert first.reading == again.reading
    assert (first.reading.turn_elapsed, first.reading.turn_left) == (30_000, 30_000)


def test_a_second_device_pressing_the_same_turn_changes_nothing(game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    services.clock_act(by=director, game=game, action="press", player=0, now=T0 + 20_000)
    late = services.clock_act(
        by=director, game=game, action="press", player=0, at=T0 + 20_500, now=T0 + 21_000
    )
    assert late.changed is False
    clock = GameClock.objects.get(game=game)
    assert (clock.running, clock.last_turn_ms, clock.version) == (1, 20_000, 2)
    assert AuditEntry.objects.filter(action="game.clock.press").count() == 1


def test_pause_stops_both_sides(game, director):
    services.clock_act(by=director, game=game, action="start", player=1, now=T0)
    services.clock_act(by=director, game=game, action="pause", now=T0 + 5_000)
    reading = services.clock_read(game, now=T0 + 60_000).reading
    assert (reading.running, reading.turn_of, reading.turn_elapsed) == (None, 1, 5_000)


@pytest.mark.parametrize(("age", "counted"), [(120_000, True), (120_001, False)])
def test_a_queued_press_counts_up_to_two_minutes_old(game, director, age, counted):
    services.clock_act(
        by=director, game=game, action="start", player=0, at=T0 - 200_000, now=T0 - 200_000
    )
    now = T0
    if counted:
        services.clock_act(by=director, game=game, action="press", player=0, at=now - age, now=now)
        assert GameClock.objects.get(game=game).last_turn_ms == 200_000 - age
    else:
        with pytest.raises(services.ClockActionRefused, match="more than 120 seconds old"):
            services.clock_act(
                by=director, game=game, action="press", player=0, at=now - age, now=now
            )
        assert GameClock.objects.get(game=game).running == 0


@pytest.mark.parametrize(("ahead", "counted"), [(2_000, True), (2_001, False)])
def test_a_press_from_the_future_is_refused(game, director, ahead, counted):
    if counted:
        services.clock_act(by=director, game=game, action="start", player=0, at=T0 + ahead, now=T0)
        assert GameClock.objects.get(game=game).since_ms == T0  # counted at the server's now
    else:
        with pytest.raises(services.ClockActionRefused, match="in the future"):
            services.clock_act(
                by=director, game=game, action="start", player=0, at=T0 + ahead, now=T0
            )
        assert not GameClock.objects.exists()


def test_a_press_before_the_clock_last_started_is_refused(game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    with pytest.raises(services.ClockActionRefused, match="before the clock last started"):
        services.clock_act(
            by=director, game=game, action="press", player=0, at=T0 - 1, now=T0 + 1_000
        )


def test_a_finished_game_keeps_its_clock_stopped(director):
    game = factories.game(rules_preset="thai", created_by=director)
    game_services.game_forfeit(by=director, game=game, loser=0)
    with pytest.raises(services.ClockActionRefused, match="game is over"):
        services.clock_act(by=director, game=game, action="start", player=0, now=T0)


def test_the_sheet_fills_the_seconds_of_the_turn_the_clock_closed(client, game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    services.clock_act(by=director, game=game, action="press", player=0, now=T0 + 68_900)
    client.force_login(director)
    page = client.get(reverse("games:sheet", args=[game.pk]))
    assert 'name="seconds" id="id_seconds" min="0" max="86400" value="68"' in page.text


def test_clock_url_reads_and_presses(client, game, director):
    client.force_login(director)
    url = reverse("games:clock", args=[game.pk])
    started = client.post(url, {"action": "start", "player": "0"}).json()
    assert (started["running"], started["turn_of"], started["changed"]) == (0, 0, True)
    read = client.get(url).json()
    assert (read["running"], read["version"], read["turn_left"] <= 60_000) == (0, 1, True)
    refused = client.post(url, {"action": "start", "player": "0", "at": "946684800000"})
    assert refused.status_code == 422
    assert "more than 120 seconds old" in refused.json()["message"]
    bad = client.post(url, {"action": "explode"})
    assert bad.status_code == 422 and GameClock.objects.get().version == 1


def test_a_stranger_cannot_touch_the_clock(client, game, stranger):
    client.force_login(stranger)
    url = reverse("games:clock", args=[game.pk])
    assert client.post(url, {"action": "start", "player": "0"}).status_code == 403
    assert not GameClock.objects.exists()


def test_the_sheet_page_carries_the_stored_clock(client, game, director):
    services.clock_act(by=director, game=game, action="start", player=1)
    client.force_login(director)
    page = client.get(reverse("games:sheet", args=[game.pk]))
    state = page.context["clock_state"]
    assert json.loads(state)["running"] == 1


def ended_by_passes(game, director):
    """Six scoreless turns end a Thai sheet 0–0."""
    for _turn in range(6):
        game = game_services.turn_record(by=director, game=game, move="-")
    assert game.is_over
    return game


def test_the_turn_that_ends_the_game_stops_its_clock(game, director, monkeypatch):
    monkeypatch.setattr(services, "now_ms", lambda: T0 + 30_000)
    services.clock_act(by=director, game=game, action="start", player=1, now=T0)
    ended_by_passes(game, director)
    clock = GameClock.objects.get(game=game)
    assert (clock.running, clock.since_ms, clock.second_used_ms, clock.turn_ms) == (
        None,
        None,
        30_000,
        30_000,
    )
    assert clock.version == 2
    stop = AuditEntry.objects.get(action="game.clock.stop")
    assert (stop.before["running"], stop.after["running"], stop.after["at"]) == (
        1,
        None,
        T0 + 30_000,
    )
    assert services.clock_read(game, now=T0 + 90_000).reading.used == (0, 30_000)


def test_a_forfeit_stops_the_clock_in_the_same_write(game, director, monkeypatch):
    monkeypatch.setattr(services, "now_ms", lambda: T0 + 5_000)
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    game_services.game_forfeit(by=director, game=game, loser=1)
    clock = GameClock.objects.get(game=game)
    assert (clock.running, clock.first_used_ms) == (None, 5_000)
    forfeit = AuditEntry.objects.get(action="game.forfeit")
    stop = AuditEntry.objects.get(action="game.clock.stop")
    assert stop.pk < forfeit.pk  # written inside the forfeit's transaction, before its entry


def test_a_turn_that_does_not_end_the_game_leaves_the_clock_running(game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    game_services.turn_record(by=director, game=game, move="-")
    clock = GameClock.objects.get(game=game)
    assert (clock.running, clock.since_ms, clock.version) == (0, T0, 1)


def test_an_ending_that_stopped_nothing_writes_no_clock_entry(game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    services.clock_act(by=director, game=game, action="pause", now=T0 + 1_000)
    ended_by_passes(game, director)
    assert GameClock.objects.get(game=game).version == 2
    assert not AuditEntry.objects.filter(action="game.clock.stop").exists()


def test_a_game_without_a_clock_ends_without_one(game, director):
    ended_by_passes(game, director)
    assert not GameClock.objects.exists()


def test_a_refused_ending_leaves_the_clock_running(game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    for _turn in range(5):
        game = game_services.turn_record(by=director, game=game, move="-")
    with pytest.raises(game_services.TurnRefused):
        game_services.turn_record(by=director, game=game, move="8D QQQ")
    assert GameClock.objects.get(game=game).running == 0


@pytest.mark.parametrize("action", ["press", "start"])
def test_a_press_on_an_ended_games_clock_is_refused_with_a_message(game, director, action):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    ended_by_passes(game, director)
    before = GameClock.objects.get(game=game).version
    with pytest.raises(
        services.ClockActionRefused, match="The game is over: its clock is stopped."
    ):
        services.clock_act(by=director, game=game, action=action, player=1)
    assert GameClock.objects.get(game=game).version == before


def test_the_clock_url_refuses_a_press_on_an_ended_game(client, game, director):
    services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    ended_by_passes(game, director)
    client.force_login(director)
    answer = client.post(reverse("games:clock", args=[game.pk]), {"action": "press", "player": "1"})
    assert answer.status_code == 422
    assert answer.json()["message"] == "The game is over: its clock is stopped."
