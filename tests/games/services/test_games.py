"""Scoresheet writes: every turn is checked by the engine, refused turns save nothing."""

import pytest

from core.models import AuditEntry
from core.permissions import RESULTS, may_change
from games.models import Game, Turn
from games.services import games as services
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(director):
    return factories.game(created_by=director)


def sheet(game):
    return list(
        Turn.objects.filter(game=game).values_list(
            "number", "player", "kind", "move", "score", "first_total", "second_total"
        )
    )


def test_turns_get_their_scores_and_running_totals(game, director):
    services.turn_record(by=director, game=game, move="8D TRAIN", rack="ainrtxy", seconds=40)
    services.turn_record(by=director, game=game, move="D8 .HORB")
    assert sheet(game) == [
        (1, 0, "play", "8D TRAIN", 12, 12, 0),
        (2, 1, "play", "D8 .HORB", 20, 12, 20),
    ]
    first = Turn.objects.get(game=game, number=1)
    assert (first.rack, first.seconds, first.words) == ("AINRTXY", 40, ["TRAIN"])
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.ending, game.winner) == (12, 20, "", None)
    assert AuditEntry.objects.filter(action="game.turn", object_id=str(game.pk)).count() == 2


def test_refused_turn_gives_the_engine_reason_and_saves_nothing(game, director):
    services.turn_record(by=director, game=game, move="8D TRAIN")
    audits = AuditEntry.objects.count()
    with pytest.raises(services.TurnRefused) as caught:
        services.turn_record(by=director, game=game, move="1A CAT")
    assert str(caught.value) == "The play must touch at least one tile already on the board."
    with pytest.raises(services.TurnRefused) as caught:
        services.turn_record(by=director, game=game, move="8D")
    assert "8D is not a move" in str(caught.value)
    assert sheet(game) == [(1, 0, "play", "8D TRAIN", 12, 12, 0)]
    assert AuditEntry.objects.count() == audits
    game.refresh_from_db()
    assert (game.first_score, game.second_score) == (12, 0)


def test_first_play_must_cover_the_centre(game, director):
    with pytest.raises(services.TurnRefused) as caught:
        services.turn_record(by=director, game=game, move="1A CAT")
    assert str(caught.value) == "The first play must cover the centre star at H8."
    assert not Turn.objects.exists()


def test_result_is_derived_from_the_sheet(game, director):
    for move, rack in [("8D TRAIN", ""), ("D8 .HORB", ""), ("-", "EEEEEEE"), ("-", "AAAAAAA")]:
        services.turn_record(by=director, game=game, move=move, rack=rack)
    services.turn_record(by=director, game=game, move="-")
    services.turn_record(by=director, game=game, move="-")
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.ending, game.winner) == (5, 13, "passes", 1)
    assert [t[2] for t in sheet(game)][-2:] == ["rack", "rack"]
    with pytest.raises(services.TurnRefused) as caught:
        services.turn_record(by=director, game=game, move="-")
    assert str(caught.value) == "The game is over: no more turns can be recorded."


def test_undo_takes_back_the_last_entry_and_what_followed_from_it(game, director):
    services.turn_record(by=director, game=game, move="8D TRAIN", challenge="valid")
    assert [t[2] for t in sheet(game)] == ["play", "lost_challenge"]
    services.turn_undo_last(by=director, game=game)
    assert sheet(game) == []
    with pytest.raises(services.TurnRefused) as caught:
        services.turn_undo_last(by=director, game=game)
    assert str(caught.value) == "The scoresheet is empty: there is nothing to undo."


def test_challenge_of_the_last_play_is_recorded_afterwards(game, director):
    services.turn_record(by=director, game=game, move="8D TRAIN")
    services.turn_challenge_last(by=director, game=game, challenge="phony")
    assert sheet(game) == [(1, 0, "phony", "8D TRAIN", 0, 0, 0)]
    assert Turn.objects.get(game=game).withdrawn_score == 12
    services.turn_record(by=director, game=game, move="-")
    with pytest.raises(services.TurnRefused) as caught:
        services.turn_challenge_last(by=director, game=game, challenge="valid")
    assert str(caught.value) == "The last entry is not a play, so there is nothing to challenge."


def test_forfeit_ends_the_game_and_the_loser_cannot_win(game, director):
    services.turn_record(by=director, game=game, move="8D TRAIN")
    services.game_forfeit(by=director, game=game, loser=0)
    game.refresh_from_db()
    assert (game.ending, game.winner, game.forfeited_by) == ("forfeit", 1, 0)
    services.game_forfeit(by=director, game=game, loser=None)
    game.refresh_from_db()
    assert (game.ending, game.winner) == ("", None)


def test_game_create_stores_the_whole_rule_set(director):
    first, second = factories.player(), factories.player()
    game = services.game_create(
        by=director,
        first_player=first,
        second_player=second,
        rules_preset="naspa",
        rules={"challenge": "challenged_bonus", "challenge_points": 5},
    )
    assert game.rules["challenge"] == "challenged_bonus"
    assert game.rules["rack_bonus"] == "doubled" and game.rules["challenge_points"] == 5
    assert game.rule_set().exchange_min_bag == 7
    assert game.created_by == director


def test_game_create_refuses_bad_rules_and_one_player_twice(director):
    first, second = factories.player(), factories.player()
    with pytest.raises(services.GameRefused) as caught:
        services.game_create(
            by=director, first_player=first, second_player=second, rules={"rack_size": 1}
        )
    assert str(caught.value) == "rack_size must be between 2 and 15, not 1."
    with pytest.raises(services.GameRefused) as caught:
        services.game_create(by=director, first_player=first, second_player=first)
    assert str(caught.value) == "A game needs two different players."
    assert not Game.objects.exists()


def test_casual_game_is_changed_by_its_creator_or_staff(game, director, stranger, staff):
    assert may_change(director, game, RESULTS)
    assert may_change(staff, game, RESULTS)
    assert not may_change(stranger, game, RESULTS)


def test_tournament_game_is_changed_by_that_tournaments_officials(director, stranger):
    assistant = factories.user()
    event = factories.tournament(director=director, assistant=assistant)
    division = factories.division(event)
    entries = factories.entries(division, 2)
    pairing = factories.round_with_pairings(division, entries).pairings.get()
    game = factories.game(
        entries[0].player, entries[1].player, pairing=pairing, created_by=stranger
    )
    assert may_change(director, game, RESULTS) and may_change(assistant, game, RESULTS)
    assert not may_change(stranger, game, RESULTS)
    assert pairing.game == game
