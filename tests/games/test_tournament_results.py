"""A tournament game's finished scoresheet feeds its pairing's result, never overwriting a
result someone else entered, and the sheet page says when the two disagree."""

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import AuditEntry
from games.models import Game
from games.services import games as services
from games.services.imports import game_import_gcg
from tests import factories
from tests.games.helpers import fixture
from tournaments.models import TournamentRole
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

# Under the home rules these entries end the game by passes at 5–13 for the sheet's first and
# second player (after the racks are settled).
TO_THE_END = [
    ("8D TRAIN", ""),
    ("D8 .HORB", ""),
    ("-", "EEEEEEE"),
    ("-", "AAAAAAA"),
    ("-", ""),
    ("-", ""),
]


@pytest.fixture
def pairing(event):
    division = factories.division(event)
    entries = factories.entries(division, 2)
    return (
        factories.round_with_pairings(division, entries)
        .pairings.select_related("first__player", "second__player")
        .get()
    )


def sheet_for(pairing, director, *, reversed_sides=False, rules_preset="home"):
    players = [pairing.first.player, pairing.second.player]
    if reversed_sides:
        players.reverse()
    return services.game_create(
        by=director,
        first_player=players[0],
        second_player=players[1],
        rules_preset=rules_preset,
        pairing=pairing,
    )


def play(game, director, entries):
    for move, rack in entries:
        game = services.turn_record(by=director, game=game, move=move, rack=rack)
    return game


def result_of(pairing):
    pairing.refresh_from_db()
    return (pairing.kind, pairing.first_score, pairing.second_score, pairing.version)


def warning_on_sheet(client, director, game) -> str:
    client.force_login(director)
    response = client.get(reverse("games:sheet", args=[game.pk]))
    assert response.status_code == 200
    text = response.text
    start = text.find('class="card warning sheet-result-warning"')
    return "" if start < 0 else text[start : text.index("</div>", start)]


def test_finished_sheet_records_the_pairing_result(pairing, director, client):
    game = play(sheet_for(pairing, director), director, TO_THE_END[:-1])
    assert result_of(pairing) == ("played", None, None, 0)  # not over yet: nothing recorded
    game = play(game, director, TO_THE_END[-1:])
    assert (game.first_score, game.second_score, game.ending) == (5, 13, "passes")
    assert result_of(pairing) == ("played", 5, 13, 1)
    entry = AuditEntry.objects.get(action="result.record")
    assert (entry.actor, entry.object_id, entry.after["first_score"]) == (
        director,
        str(pairing.pk),
        5,
    )
    game.refresh_from_db()
    assert game.result_version == 1
    assert warning_on_sheet(client, director, game) == ""


# A tie at 5–5 after the racks: the first player led 12–20 before them, so the second led.
TIED_AFTER_THE_RACKS = [*TO_THE_END[:2], ("-", "EEEEEEE"), ("-", "JDEEEEE")]


def test_a_tie_the_home_rules_give_to_who_led_before_the_racks_is_won_in_the_pairing_too(
    pairing, director, client
):
    game = play(
        sheet_for(pairing, director), director, [*TIED_AFTER_THE_RACKS, ("-", ""), ("-", "")]
    )
    assert (game.scores, game.winner) == ((5, 5), 1)
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score) == (5, 5)
    assert pairing.playoff_winner_id == pairing.second_id
    assert warning_on_sheet(client, director, game) == ""


def test_a_tie_under_rules_where_it_stands_is_a_tie_in_the_pairing(pairing, director):
    passes = [("-", "")] * 4  # NASPA: six scoreless turns in a row end the game
    game = play(
        sheet_for(pairing, director, rules_preset="naspa"),
        director,
        [*TIED_AFTER_THE_RACKS, *passes],
    )
    assert (game.scores, game.winner) == ((5, 5), None)
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score, pairing.playoff_winner_id) == (5, 5, None)


def test_sheet_listing_the_players_the_other_way_round_gives_the_scores_to_the_right_entries(
    pairing, director
):
    game = play(sheet_for(pairing, director, reversed_sides=True), director, TO_THE_END)
    assert game.first_player == pairing.second.player and game.scores == (5, 13)
    assert result_of(pairing) == ("played", 13, 5, 1)


def test_result_entered_by_a_director_is_kept_and_the_sheet_warns(pairing, director, client):
    result_record(
        by=director, pairing_id=pairing.pk, first_score=400, second_score=350,
        expected_version=None,
    )  # fmt: skip
    game = play(sheet_for(pairing, director), director, TO_THE_END)
    assert game.is_over
    assert result_of(pairing) == ("played", 400, 350, 1)
    assert AuditEntry.objects.filter(action="result.record").count() == 1
    game.refresh_from_db()
    assert game.result_version is None
    assert "The sheet says 5–13, the result entered is 400–350." in warning_on_sheet(
        client, director, game
    )


def test_warning_shows_both_results_in_the_sheets_order(pairing, director, client):
    result_record(
        by=director, pairing_id=pairing.pk, first_score=400, second_score=350,
        expected_version=None,
    )  # fmt: skip
    game = play(sheet_for(pairing, director, reversed_sides=True), director, TO_THE_END)
    # The sheet's first player is the pairing's second entry, who has 350 in the result.
    assert "The sheet says 5–13, the result entered is 350–400." in warning_on_sheet(
        client, director, game
    )


def test_undoing_the_end_of_a_finished_sheet_leaves_the_result_and_warns(pairing, director, client):
    game = play(sheet_for(pairing, director), director, TO_THE_END)
    assert result_of(pairing) == ("played", 5, 13, 1)
    game = services.turn_undo_last(by=director, game=game)
    assert not game.is_over
    assert result_of(pairing) == ("played", 5, 13, 1)
    assert AuditEntry.objects.filter(action__startswith="result.").count() == 1
    warning = warning_on_sheet(client, director, game)
    assert "The scoresheet is not finished, but the result entered is 5–13." in warning


def test_corrected_sheet_replaces_the_result_it_recorded_itself(pairing, director):
    game = play(sheet_for(pairing, director), director, TO_THE_END)
    game = services.turn_undo_last(by=director, game=game)
    game = services.game_forfeit(by=director, game=game, loser=0)
    pairing.refresh_from_db()
    assert (pairing.kind, pairing.forfeited_by_id, pairing.version) == (
        "forfeit",
        pairing.first_id,
        2,
    )
    assert (pairing.first_score, pairing.second_score) == (None, None)
    game.refresh_from_db()
    assert game.result_version == 2


def test_sheet_stops_replacing_once_a_director_changed_its_result(pairing, director, client):
    game = play(sheet_for(pairing, director), director, TO_THE_END)
    result_record(
        by=director, pairing_id=pairing.pk, first_score=6, second_score=13, expected_version=1,
        confirm_unusual=True,
    )  # fmt: skip
    game = services.turn_undo_last(by=director, game=game)
    game = services.game_forfeit(by=director, game=game, loser=1)
    assert result_of(pairing) == ("played", 6, 13, 2)
    name = pairing.second.player.name
    assert f"The sheet says a forfeit by {name}, the result entered is 6–13." in (
        warning_on_sheet(client, director, game)
    )


def test_refused_result_leaves_the_turn_standing_and_the_sheet_says_so(pairing, client):
    # An assistant may keep the sheet but not change a finalized tournament's results.
    tournament = pairing.round.division.tournament
    assistant = factories.user()
    TournamentRole.objects.create(
        tournament=tournament, user=assistant, role=TournamentRole.Role.ASSISTANT
    )
    tournament.finalized_at = timezone.now()
    tournament.save(update_fields=["finalized_at"])
    game = play(sheet_for(pairing, assistant), assistant, TO_THE_END)
    assert game.is_over and game.turns.count() == 8
    assert result_of(pairing) == ("played", None, None, 0)
    assert "no result is entered for this pairing" in warning_on_sheet(client, assistant, game)


def test_the_result_is_written_in_the_turns_transaction(pairing, director, monkeypatch):
    game = play(sheet_for(pairing, director), director, TO_THE_END[:-1])

    def failing_audit(**kwargs):
        raise RuntimeError("audit store down")

    # The turn's own audit comes after the result is recorded: its failure must undo both.
    monkeypatch.setattr(services, "audit_record", failing_audit)
    with pytest.raises(RuntimeError):
        services.turn_record(by=director, game=game, move="-")
    game.refresh_from_db()
    assert not game.is_over and game.turns.count() == 5
    assert result_of(pairing) == ("played", None, None, 0)
    assert not AuditEntry.objects.filter(action="result.record").exists()


def test_casual_sheet_feeds_no_result(pairing, director):
    game = factories.game(pairing.first.player, pairing.second.player, created_by=director)
    play(game, director, TO_THE_END)
    assert result_of(pairing) == ("played", None, None, 0)


def test_imported_record_for_a_pairing_feeds_its_result(pairing, director):
    doug, emely = pairing.second.player, pairing.first.player
    game = game_import_gcg(
        by=director,
        data=fixture("doug_v_emely.gcg"),
        rules_preset="naspa",
        first_player=doug,
        second_player=emely,
        pairing=pairing,
    )
    assert game.scores == (451, 345)
    assert result_of(pairing) == ("played", 345, 451, 1)


def test_a_pairings_sheet_must_be_between_its_players(pairing, director):
    stranger_player = factories.player("Somebody Else")
    with pytest.raises(services.GameRefused) as caught:
        services.game_create(
            by=director,
            first_player=pairing.first.player,
            second_player=stranger_player,
            pairing=pairing,
        )
    assert str(caught.value) == "A pairing's scoresheet must be between that pairing's players."
    assert not Game.objects.exists()


def test_sheet_whose_players_are_not_the_pairings_says_it_cannot_feed_it(pairing, director, client):
    game = factories.game(pairing.first.player, factories.player(), pairing=pairing)
    game = play(game, director, TO_THE_END)
    assert result_of(pairing) == ("played", None, None, 0)
    assert "are not the players of its pairing" in warning_on_sheet(client, director, game)
