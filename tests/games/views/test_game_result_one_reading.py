"""The public game page says a finished game's result as the scoresheet does (one partial,
``games/partials/game_result.html``): no result while the racks are awaited, the play-off
word's winner of a tie, and a forfeit won by the side that did not forfeit."""

import re

import pytest
from django.urls import reverse

from games.services import end_racks, playoff
from games.services import games as services
from games.services.imports import game_import_gcg
from tests import factories

pytestmark = pytest.mark.django_db


def _game(event):
    division = factories.division(event, rules_preset="home", rules={"tie": "playoff_word"})
    entries = factories.entries(division, 2)
    pairing = factories.round_with_pairings(division, entries).pairings.get()
    return services.game_create(
        by=None,
        first_player=pairing.first.player,
        second_player=pairing.second.player,
        rules_preset="home",
        rules={"tie": "playoff_word"},
        pairing=pairing,
    )


def _played_out(director, game):
    # TRAIN, HORB, then six scoreless turns end the game with the racks still to give.
    for move in ("8D TRAIN", "D8 .HORB", "-", "-", "-", "-"):
        game = services.turn_record(by=director, game=game, move=move, rack="")
    return game


def _result(client, name: str, game) -> str:
    page = client.get(reverse(f"games:{name}", args=[game.pk])).text
    found = re.search(r'<p class="(?:game-)?result"[^>]*>(.*?)</p>', page, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def test_both_pages_wait_for_the_racks_and_then_name_the_play_off_winner(client, director, event):
    game = _played_out(director, _game(event))
    client.force_login(director)
    detail, sheet = _result(client, "detail", game), _result(client, "sheet", game)
    assert detail.endswith("awaiting racks: no result until the tiles left on the racks are given")
    assert sheet.endswith(detail.split("· ", 1)[1])
    game = end_racks.end_racks_record(by=director, game=game, racks=["EEEEEEE", "XDEEEEE"])
    game = playoff.playoff_record(by=director, game=game, words=["CAT", "DOGS"], scores=[5, 9])
    detail, sheet = _result(client, "detail", game), _result(client, "sheet", game)
    won = f"Tie: {game.second_player} won the play-off"
    assert detail.endswith(won) and sheet.endswith(won)


def test_a_forfeit_after_a_time_penalty_line_is_won_by_the_side_that_did_not_forfeit(
    client, director
):
    # Ben's time penalty mid-game leaves Ann ahead, 12 to 10; then Ann forfeits.
    record = (
        "#player1 ann Ann\n#player2 ben Ben\n>ann: AINRTXY 8D TRAIN +12 12\n"
        ">ben:  (time) -10 -10\n>ben: BEHORSU D8 .HORB +20 10\n"
    )
    game = game_import_gcg(by=director, data=record.encode(), rules_preset="home")
    game = services.game_forfeit(by=director, game=game, loser=0)
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.ending) == (12, 10, "forfeit")
    assert (game.forfeited_by, game.winner) == (0, 1)
    client.force_login(director)
    assert _result(client, "detail", game) == "12 – 10 · Forfeit · Ben won"
    assert _result(client, "sheet", game) == "Game over: Forfeit · Ben won"
