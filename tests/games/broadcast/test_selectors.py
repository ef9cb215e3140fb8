"""What a viewer sees behind the event's delay: the sheet as saved by now less the delay."""

import datetime

import pytest
from django.utils import timezone

from games.broadcast import services
from games.broadcast.boards import board_json
from games.broadcast.selectors import broadcast_board, held_back
from games.models import Game, Turn
from games.services import games as sheet
from tests.games.broadcast.world import play, world

pytestmark = pytest.mark.django_db
T0 = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)


def ms(moment) -> int:
    return int(moment.timestamp() * 1000)


def _two_moves_a_minute_apart(director, delay: int):
    w = world(director)
    services.broadcast_delay_set(by=director, tournament=w.event, minutes=delay)
    services.broadcast_mark(by=director, game=w.games[0], on=True)
    game = play(director, w.games[0], "8D TRAIN", "D8 .HORB")
    turns = list(Turn.objects.filter(game=game).order_by("number"))
    Turn.objects.filter(pk=turns[0].pk).update(saved_at=T0)
    Turn.objects.filter(pk=turns[1].pk).update(saved_at=T0 + datetime.timedelta(minutes=1))
    Game.objects.filter(pk=game.pk).update(updated_at=T0 + datetime.timedelta(minutes=1))
    return game


def test_a_move_saved_exactly_at_the_cut_off_shows(director):
    game = _two_moves_a_minute_apart(director, delay=1)
    board = board_json(broadcast_board(game.pk), ms(T0) + 120_000)
    assert [m["move"] for m in board["moves"]] == ["8D TRAIN", "D8 .HORB"]
    assert board["scores"] == [12, 20]


def test_a_move_saved_a_millisecond_after_the_cut_off_is_hidden(director):
    game = _two_moves_a_minute_apart(director, delay=1)
    board = board_json(broadcast_board(game.pk), ms(T0) + 120_000 - 1)
    assert [m["move"] for m in board["moves"]] == ["8D TRAIN"]
    assert board["scores"] == [12, 0]
    assert board["last"]["move"] == "8D TRAIN"
    assert board["to_move"] == 1
    assert board["clock"] == {"running": None, "used": [20_000, 0], "remaining": None,
                              "at": 0}  # fmt: skip


def test_before_the_delay_nothing_shows(director):
    game = _two_moves_a_minute_apart(director, delay=1)
    board = board_json(broadcast_board(game.pk), ms(T0) + 60_000 - 1)
    assert board["moves"] == []
    assert board["scores"] == [0, 0]
    assert board["last"] is None
    assert board["unseen_count"] == 100


def test_without_a_delay_every_move_shows_at_once(director):
    w = world(director)
    services.broadcast_top_tables_set(by=director, division=w.division, tables=1)
    game = play(director, w.games[0], "8D TRAIN")
    board = board_json(broadcast_board(game.pk), ms(timezone.now()))
    assert [m["move"] for m in board["moves"]] == ["8D TRAIN"]
    assert board["racks"] is False
    assert board["delay"] == 0


def test_a_challenge_recorded_later_hides_the_move_until_its_own_moment_is_past(director):
    game = _two_moves_a_minute_apart(director, delay=1)
    sheet.turn_challenge_last(by=director, game=game, challenge="valid")
    challenged = Turn.objects.get(game=game, number=2)
    assert challenged.saved_at > T0 + datetime.timedelta(minutes=1)
    board = board_json(broadcast_board(game.pk), ms(T0) + 120_000)
    assert [m["move"] for m in board["moves"]] == ["8D TRAIN"]


def test_unchanged_entries_keep_their_moment_when_the_sheet_is_rewritten(director):
    game = _two_moves_a_minute_apart(director, delay=1)
    play(director, game, "-")
    assert Turn.objects.get(game=game, number=1).saved_at == T0


def test_racks_show_only_behind_15_minutes(director):
    w = world(director)
    services.broadcast_mark(by=director, game=w.games[0], on=True)
    sheet.turn_record(by=director, game=w.games[0], move="8D TRAIN", rack="AINRTXY")
    for minutes, shown in ((14, ""), (15, "AINRTXY")):
        services.broadcast_delay_set(by=director, tournament=w.event, minutes=minutes)
        later = ms(timezone.now()) + 16 * 60_000
        board = board_json(broadcast_board(w.games[0].pk), later)
        assert board["moves"][0]["rack"] == shown


def test_the_games_own_pages_wait_for_the_delay(director):
    game = _two_moves_a_minute_apart(director, delay=1)
    game = Game.objects.select_related("pairing__round__division__tournament__broadcast").get(
        pk=game.pk
    )
    assert held_back(game, now=T0 + datetime.timedelta(minutes=2) - datetime.timedelta(seconds=1))
    assert not held_back(game, now=T0 + datetime.timedelta(minutes=2))


def test_an_exchange_shows_its_count_not_its_tiles_without_racks(director):
    w = world(director)
    services.broadcast_mark(by=director, game=w.games[0], on=True)
    game = play(director, w.games[0], "8D TRAIN", "-ABC")
    board = board_json(broadcast_board(game.pk), ms(timezone.now()))
    assert board["moves"][1]["move"] == "-3"
    assert board["last"]["move"] == "Exchange"
