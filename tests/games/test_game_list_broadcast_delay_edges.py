"""The public game list waits for the event's broadcast delay in minutes: a game changed within
the delay is left out, one changed exactly the delay ago or earlier is listed. The clock is the
test's own (``timezone.now`` frozen at ``NOW``)."""

import datetime
from unittest import mock

import pytest
from django.urls import reverse

from games.broadcast import services
from games.models import Game
from tests.games.broadcast.world import world

pytestmark = pytest.mark.django_db
NOW = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)
DELAY = datetime.timedelta(minutes=10)
SECOND = datetime.timedelta(seconds=1)


def listed_at(client, w, changed: list[datetime.datetime]) -> list[bool]:
    for game, moment in zip(w.games, changed, strict=True):
        Game.objects.filter(pk=game.pk).update(updated_at=moment)
    with mock.patch("django.utils.timezone.now", return_value=NOW):
        page = client.get(reverse("games:list")).content.decode()
    return [reverse("games:detail", args=[g.pk]) in page for g in w.games]


def test_the_public_game_list_hides_a_game_changed_inside_the_broadcast_delay(client, director):
    w = world(director, tables=3)
    services.broadcast_delay_set(by=director, tournament=w.event, minutes=10)
    inside = [NOW - SECOND, NOW - datetime.timedelta(minutes=5), NOW - DELAY + SECOND]
    assert listed_at(client, w, inside) == [False, False, False]


def test_the_public_game_list_shows_a_game_changed_at_or_just_past_the_delay(client, director):
    w = world(director, tables=3)
    services.broadcast_delay_set(by=director, tournament=w.event, minutes=10)
    edges = [NOW - DELAY + SECOND, NOW - DELAY, NOW - DELAY - SECOND]
    assert listed_at(client, w, edges) == [False, True, True]


def test_without_a_delay_the_game_list_shows_a_game_changed_just_now(client, director):
    w = world(director, tables=3)
    assert listed_at(client, w, [NOW, NOW - SECOND, NOW - DELAY]) == [True, True, True]
