"""The public broadcast pages and feeds: found only when broadcast, JSON in one shape, 304 on
the same tag, queries that do not grow with the boards, and the director's page."""

import datetime
import gzip
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from games.broadcast import services
from games.broadcast.models import EventBroadcast
from games.broadcast.views.public import OVERLAY_FIELDS
from games.models import Game
from tests import factories
from tests.games.broadcast.world import play, world

pytestmark = pytest.mark.django_db

BOARD_KEYS = {
    "game", "table", "round", "names", "ratings", "records", "scores", "to_move", "over",
    "ending", "last", "unseen", "unseen_count", "bag", "clock", "moves", "racks", "delay",
    "svg",
}  # fmt: skip
OVERLAY_KEYS = {"names", "ratings", "scores", "records", "last", "clock", "unseen", "delay"}


def _shown(director, **kw):
    w = world(director, **kw)
    services.broadcast_mark(by=director, game=w.games[0], on=True)
    return w


def _division_args(w):
    return [w.event.slug, w.division.name]


def test_an_unmarked_game_is_not_found(client, director):
    w = world(director)
    assert client.get(reverse("games:broadcast_board", args=[w.games[0].pk])).status_code == 404
    assert client.get(reverse("games:broadcast_feed", args=[w.games[0].pk])).status_code == 404


def test_a_marked_game_of_a_private_event_is_not_found_even_by_its_director(client, director):
    w = _shown(director, public=False)
    client.force_login(director)
    for name in ("games:broadcast_board", "games:broadcast_feed"):
        assert client.get(reverse(name, args=[w.games[0].pk])).status_code == 404
    for name in ("games:broadcast_division", "games:broadcast_division_feed"):
        assert client.get(reverse(name, args=_division_args(w))).status_code == 404
    overlay = reverse("games:broadcast_overlay_feed", args=[*_division_args(w), 1])
    assert client.get(overlay).status_code == 404


def test_a_casual_game_or_no_game_is_not_found(client):
    game = factories.game()
    assert client.get(reverse("games:broadcast_feed", args=[game.pk])).status_code == 404
    assert client.get(reverse("games:broadcast_feed", args=[game.pk + 99])).status_code == 404


def test_the_board_feed_has_one_shape_and_the_move(client, director):
    w = _shown(director)
    play(director, w.games[0], "8D TRAIN")
    answer = client.get(reverse("games:broadcast_feed", args=[w.games[0].pk]))
    board = json.loads(answer.content)
    assert set(board) == BOARD_KEYS
    assert board["last"] == {"side": 0, "player": w.games[0].first_player.name,
                             "move": "8D TRAIN", "label": "Play", "score": 12, "challenge": ""}  # fmt: skip
    assert (board["scores"], board["table"], board["unseen_count"]) == ([12, 0], 1, 95)
    assert answer["Cache-Control"] == "public, max-age=0, s-maxage=1"


def test_every_public_feed_may_be_kept_a_second_by_a_shared_cache_and_sets_no_cookie(
    client, director
):
    w = _shown(director)
    args = _division_args(w)
    urls = [
        reverse("games:broadcast_feed", args=[w.games[0].pk]),
        reverse("games:broadcast_division_feed", args=args),
        reverse("games:broadcast_overlay_feed", args=[*args, 1]),
        reverse("games:broadcast_overlay_field_feed", args=[*args, 1, "scores"]),
    ]
    for url in urls:
        answer = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert answer.status_code == 200
        assert answer["Cache-Control"] == "public, max-age=0, s-maxage=1"
        assert answer["Vary"] == "Accept-Encoding, Cookie, Accept-Language"
        assert "Set-Cookie" not in answer.headers
        assert not answer.cookies
        again = client.get(url, headers={"If-None-Match": answer["ETag"]})
        assert again.status_code == 304
        assert again["Cache-Control"] == "public, max-age=0, s-maxage=1"


def test_a_private_event_or_an_unmarked_game_is_never_marked_cacheable(client, director):
    hidden, unmarked = _shown(director, public=False), world(director)
    urls = [
        reverse("games:broadcast_feed", args=[hidden.games[0].pk]),
        reverse("games:broadcast_division_feed", args=_division_args(hidden)),
        reverse("games:broadcast_overlay_feed", args=[*_division_args(hidden), 1]),
        reverse("games:broadcast_feed", args=[unmarked.games[0].pk]),
    ]
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 404
        assert "public" not in answer.get("Cache-Control", "")
        assert "s-maxage" not in answer.get("Cache-Control", "")
        assert "ETag" not in answer.headers


def test_the_same_tag_gets_304_and_a_new_move_a_new_tag(client, director):
    w = _shown(director)
    url = reverse("games:broadcast_feed", args=[w.games[0].pk])
    tag = client.get(url)["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    play(director, w.games[0], "8D TRAIN")
    answer = client.get(url, headers={"If-None-Match": tag})
    assert answer.status_code == 200
    assert answer["ETag"] != tag


def test_the_feed_is_gzipped_for_those_who_accept_it(client, director):
    w = _shown(director)
    url = reverse("games:broadcast_feed", args=[w.games[0].pk])
    answer = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert answer["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(answer.content))["game"] == w.games[0].pk


def test_a_delayed_event_shows_nothing_saved_within_the_delay(client, director):
    w = _shown(director)
    services.broadcast_delay_set(by=director, tournament=w.event, minutes=10)
    play(director, w.games[0], "8D TRAIN")
    board = json.loads(client.get(reverse("games:broadcast_feed", args=[w.games[0].pk])).content)
    assert (board["moves"], board["scores"], board["delay"]) == ([], [0, 0], 10)
    page = client.get(reverse("games:broadcast_board", args=[w.games[0].pk]))
    assert "8D TRAIN" not in page.content.decode()
    # nor on the game's own pages, for anyone who does not run the game
    for name in ("games:detail", "games:gcg", "games:board"):
        assert client.get(reverse(name, args=[w.games[0].pk])).status_code == 404


def test_overlay_fields_each_as_json(client, director):
    w = _shown(director)
    play(director, w.games[0], "8D TRAIN")
    args = [*_division_args(w), 1]
    whole = json.loads(client.get(reverse("games:broadcast_overlay_feed", args=args)).content)
    assert set(whole) == OVERLAY_KEYS
    one = client.get(reverse("games:broadcast_overlay_field_feed", args=[*args, "scores"]))
    assert json.loads(one.content) == {"scores": [12, 0], "delay": 0}
    page = client.get(reverse("games:broadcast_overlay", args=[*args, "last"]))
    assert "8D TRAIN" in page.content.decode()
    assert client.get(reverse("games:broadcast_overlay", args=[*args, "nope"])).status_code == 404
    assert (
        client.get(reverse("games:broadcast_overlay", args=[*args[:2], 2, "names"])).status_code
        == 404
    )


def test_overlay_field_pages_and_feeds_read_the_whole_overlays_kept_copy(
    client, director, django_assert_max_num_queries
):
    w = _shown(director)
    play(director, w.games[0], "8D TRAIN")
    args = [*_division_args(w), 1]
    client.get(reverse("games:broadcast_overlay", args=[*args, "names"]))  # builds the copy
    # The board is not read again (7 queries): at most the audit log's stamp, when a copy is
    # looked at again after REBUILD_MS (a cache of one process, as on SQLite here).
    for field in OVERLAY_FIELDS:
        with django_assert_max_num_queries(1):
            page = client.get(reverse("games:broadcast_overlay", args=[*args, field]))
        assert page.status_code == 200
        with django_assert_max_num_queries(1):
            feed = client.get(reverse("games:broadcast_overlay_field_feed", args=[*args, field]))
        assert set(json.loads(feed.content)) == {field, "delay"}
    play(director, w.games[0], "D7 AT")  # a new version of the event: the copy is built again
    page = client.get(reverse("games:broadcast_overlay", args=[*args, "last"]))
    assert "D7 AT" in page.content.decode()
    one = client.get(reverse("games:broadcast_overlay_field_feed", args=[*args, "last"]))
    assert json.loads(one.content)["last"]["move"] == "D7 AT"


@pytest.mark.parametrize("tables", [1, 6])
def test_division_page_and_feed_queries_do_not_grow_with_boards(
    client, director, django_assert_max_num_queries, tables
):
    w = world(director, tables=tables)
    services.broadcast_top_tables_set(by=director, division=w.division, tables=tables)
    for game in w.games:
        play(director, game, "8D TRAIN")
    # 9: the records read the division's entries and pairings (the standings before the round)
    with django_assert_max_num_queries(9):
        page = client.get(reverse("games:broadcast_division", args=_division_args(w)))
    assert page.content.decode().count('class="bc-board"') == tables
    with django_assert_max_num_queries(9):
        feed = client.get(reverse("games:broadcast_division_feed", args=_division_args(w)))
    assert len(json.loads(feed.content)["boards"]) == tables


def test_the_directors_page_lists_the_overlays_and_is_for_directors_only(client, director):
    w = _shown(director)
    url = reverse("games:broadcast_manage", args=_division_args(w))
    client.force_login(factories.user())
    assert client.get(url).status_code in (403, 404)
    client.force_login(director)
    page = client.get(url).content.decode()
    overlay = reverse("games:broadcast_overlay", args=[*_division_args(w), 1, "clock"])
    assert overlay in page


def test_a_delay_out_of_bounds_on_the_page_is_refused_with_a_message(client, director):
    w = _shown(director)
    client.force_login(director)
    url = reverse("games:broadcast_delay", args=_division_args(w))
    answer = client.post(url, {"minutes": "61"}, follow=True)
    assert "Enter a whole number from 0 to 60." in answer.content.decode()
    assert not EventBroadcast.objects.exists()
    client.post(url, {"minutes": "60"})
    assert EventBroadcast.objects.get().delay_minutes == 60


def test_the_games_gcg_carries_each_moves_seconds_and_saved_moment_when_asked(client, director):
    w = _shown(director)
    play(director, w.games[0], "8D TRAIN", "D8 .HORB")
    url = reverse("games:gcg", args=[w.games[0].pk])
    assert "time" not in client.get(url).content.decode()  # a plain record by default
    lines = client.get(url, {"times": "1"}).content.decode().splitlines()
    times = [line for line in lines if line.startswith("#note time ")]
    assert len(times) == 2
    assert times[0].startswith("#note time seconds=20 saved=20")
    first_move = next(i for i, line in enumerate(lines) if line.startswith(">"))
    assert lines[first_move + 1] == times[0]  # the note of the move it belongs to


def test_the_game_list_leaves_out_a_game_the_delay_holds_back(client, director):
    w = _shown(director)
    play(director, w.games[0], "8D TRAIN")
    listed = client.get(reverse("games:list")).content.decode()
    assert reverse("games:detail", args=[w.games[0].pk]) in listed
    services.broadcast_delay_set(by=director, tournament=w.event, minutes=10)
    long_ago = timezone.now() - datetime.timedelta(minutes=10, seconds=1)
    Game.objects.filter(pk=w.games[1].pk).update(updated_at=long_ago)
    listed = client.get(reverse("games:list")).content.decode()
    assert reverse("games:detail", args=[w.games[0].pk]) not in listed
    assert reverse("games:detail", args=[w.games[1].pk]) in listed
