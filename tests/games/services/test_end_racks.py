"""A Thai-rules tournament scoresheet ending on scoreless turns: "awaiting racks" (no result to
the standings) until the scorekeeper gives each player's tiles left, then each subtracts their
own and the result goes to the pairing. Service and page."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from games.end_racks import awaiting_racks
from games.models import Game
from games.services.end_racks import end_racks_record
from games.services.games import GameRefused, turn_record, turn_undo_last
from tests import factories

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
MOVES = ("8H ZA", "7I QI", *["-"] * 6)  # 22 and 42, then six scoreless turns


@pytest.fixture
def pairing(director):
    event = factories.tournament(director=director, rules_preset="thai")
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, 2))
    return round_.pairings.get()


def ended_sheet(director, pairing) -> Game:
    game = factories.game(
        pairing.first.player, pairing.second.player, pairing=pairing, rules_preset="thai"
    )
    for move in MOVES:
        game = turn_record(by=director, game=game, move=move)
    return game


def test_the_game_over_on_scoreless_turns_is_awaiting_racks_not_a_result(director, pairing):
    game = ended_sheet(director, pairing)
    assert (game.is_over, game.ending, awaiting_racks(game)) == (True, "scoreless", [0, 1])
    assert (game.first_score, game.second_score, game.winner) == (22, 42, None)
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score, pairing.is_reported) == (None, None, False)


def test_the_racks_given_settle_the_result_and_send_it_to_the_pairing(director, pairing):
    game = end_racks_record(
        by=director, game=ended_sheet(director, pairing), racks=("aeeiino", "NNRRSTU")
    )
    assert (game.first_score, game.second_score, game.winner) == (15, 35, 1)
    assert (awaiting_racks(game), game.end_racks) == ([], ["AEEIINO", "NNRRSTU"])
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score) == (15, 35)
    entry = AuditEntry.objects.get(action="game.end_racks")
    assert (entry.before["first_score"], entry.after["first_score"]) == (22, 15)
    turns = list(game.turns.order_by("number").values_list("kind", "score", "rack"))
    assert turns[-2:] == [("rack", -7, "AEEIINO"), ("rack", -7, "NNRRSTU")]


def test_racks_that_cannot_be_right_are_refused_and_nothing_changes(director, pairing):
    game = ended_sheet(director, pairing)
    with pytest.raises(GameRefused, match=r"holds 7 tiles: NNRRST is 6\."):
        end_racks_record(by=director, game=game, racks=("AEEIINO", "NNRRST"))
    game.refresh_from_db()
    assert (game.end_racks, game.first_score) == ([None, None], 22)
    assert not AuditEntry.objects.filter(action="game.end_racks").exists()


def test_a_game_not_awaiting_racks_refuses_them(director, pairing):
    game = factories.game(
        pairing.first.player, pairing.second.player, pairing=pairing, rules_preset="thai"
    )
    with pytest.raises(GameRefused, match="not waiting for the tiles left"):
        end_racks_record(by=director, game=game, racks=("AEEIINO", "NNRRSTU"))


def test_undoing_the_last_turn_drops_the_racks_and_the_game_goes_on(director, pairing):
    game = end_racks_record(
        by=director, game=ended_sheet(director, pairing), racks=("AEEIINO", "NNRRSTU")
    )
    game = turn_undo_last(by=director, game=game)
    assert (game.is_over, game.end_racks) == (False, [])
    assert game.scores == (22, 42)


def test_the_sheet_page_asks_for_the_racks_and_settles_them(client, director, pairing):
    game = ended_sheet(director, pairing)
    client.force_login(director)
    page = client.get(reverse("games:sheet", args=[game.pk])).text
    assert "awaiting racks: no result until the tiles left on the racks are given" in page
    assert 'name="first_rack"' in page and 'name="second_rack"' in page
    assert "Last play: challenged, valid" not in page  # nothing left to challenge
    url = reverse("games:end_racks", args=[game.pk])
    refused = client.post(url, {"first_rack": "ZEEIINO", "second_rack": "NNRRSTU"}, **HTMX)
    assert "The racks ZEEIINO / NNRRSTU cannot be right" in refused.text
    settled = client.post(url, {"first_rack": "AEEIINO", "second_rack": "NNRRSTU"}, **HTMX)
    assert "data-awaiting-racks" not in settled.text and "data-end-racks" not in settled.text
    assert f"{pairing.second.player.name} won" in settled.text


def test_only_the_event_s_staff_give_the_racks(client, director, stranger, pairing):
    game = ended_sheet(director, pairing)
    client.force_login(stranger)
    url = reverse("games:end_racks", args=[game.pk])
    assert client.post(url, {"first_rack": "AEEIINO", "second_rack": "NNRRSTU"}).status_code == 403
    client.force_login(director)
    assert client.get(url).status_code == 405
    game.refresh_from_db()
    assert awaiting_racks(game) == [0, 1]
