"""The broadcast feeds take the one read path of every polled page (core/polled): a repeated
anonymous poll is answered by the early path while the kept copy stands, with the server's clock
of that moment, and never once the copy is due for a look or the event changed.

The feeds' clock is fixed here (``now_ms``), so nothing depends on how long a request takes: a
minute ahead, so that the feed (which shows what was saved by its now) shows the turns played.
"""

import pytest
from django.urls import reverse

from games.broadcast import cache as feed_cache
from games.broadcast import services
from games.services.clock import now_ms
from tests.games.broadcast.world import play, world

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    now = [now_ms() + 60_000]
    monkeypatch.setattr(feed_cache, "now_ms", lambda: now[0])
    return now


def from_early_path(response) -> bool:
    return not hasattr(response.wsgi_request, "user")


def _feed(director):
    w = world(director)
    services.broadcast_mark(by=director, game=w.games[0], on=True)
    return w, reverse("games:broadcast_feed", args=[w.games[0].pk])


def test_a_repeated_poll_is_answered_early_with_the_same_feed_and_the_clock_of_now(
    client, director, clock
):
    w, url = _feed(director)
    built = client.get(url)
    clock[0] += feed_cache.REBUILD_MS - 1  # the last moment the kept copy stands
    again = client.get(url)
    assert not from_early_path(built) and from_early_path(again)
    assert (again.status_code, again.content, again["ETag"]) == (200, built.content, built["ETag"])
    assert again["Cache-Control"] == "public, max-age=0, s-maxage=1"
    assert again["X-Server-Ms"] == str(clock[0]) != built["X-Server-Ms"]
    not_modified = client.get(url, headers={"If-None-Match": built["ETag"]})
    assert not_modified.status_code == 304 and from_early_path(not_modified)
    assert not_modified["X-Server-Ms"] == str(clock[0]) and not_modified.content == b""


def test_a_copy_due_for_a_look_goes_through_the_whole_stack(client, director, clock):
    _w, url = _feed(director)
    client.get(url)
    clock[0] += feed_cache.KEPT_MS  # due whether kept for a look (REBUILD_MS) or steady
    again = client.get(url)
    assert again.status_code == 200 and not from_early_path(again)


def test_a_turn_sends_the_next_poll_through_the_whole_stack_with_a_new_tag(client, director, clock):
    w, url = _feed(director)
    built = client.get(url)
    play(director, w.games[0], "8D TRAIN")
    after = client.get(url, headers={"If-None-Match": built["ETag"]})
    assert after.status_code == 200 and not from_early_path(after)
    assert after["ETag"] != built["ETag"] and b"TRAIN" in after.content


def test_a_logged_in_poll_is_never_kept_for_the_early_path(client, director, clock):
    _w, url = _feed(director)
    client.force_login(director)
    client.get(url)
    client.logout()
    first = client.get(url)
    assert not from_early_path(first)
