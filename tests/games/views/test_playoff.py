"""Ties broken by a play-off word (docs/RULES.md, Play-off word): the pairing records who won it, standings count it,
and the result entry page asks for it; a tie under other rules stays a draw."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing
from tournaments.results.outcomes import Outcome, pairing_outcomes
from tournaments.selectors.divisions import division_results, division_rows
from tournaments.services import result_lines
from tournaments.services import results as services
from tournaments.services.result_lines import LineState, Shown

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def thai_table(director):
    event = factories.tournament(director=director, rules_preset="thai")
    division = factories.division(event)
    first, second = factories.entries(division, 2)
    round_ = factories.round_with_pairings(division, [first, second])
    return round_, round_.pairings.get()


def record_tie(pairing, director, winner=None):
    return services.result_record(
        by=director,
        pairing_id=pairing.pk,
        first_score=400,
        second_score=400,
        expected_version=None,
        playoff_winner_id=winner,
    )


def test_a_tie_with_a_playoff_winner_is_a_win_and_a_loss_with_no_spread(thai_table, director):
    _round, pairing = thai_table
    record_tie(pairing, director, winner=pairing.second_id)
    pairing.refresh_from_db()
    first, second = pairing_outcomes(pairing)
    assert (first.outcome, first.spread, second.outcome, second.spread) == (
        Outcome.LOSS,
        0,
        Outcome.WIN,
        0,
    )


def test_standings_count_the_playoff_win(thai_table, director):
    round_, pairing = thai_table
    record_tie(pairing, director, winner=pairing.first_id)
    for read in (division_results(round_.division), division_rows(round_.division)):
        rows = {row.player: (row.wins, row.losses, row.spread) for row in read.standings()}
        assert rows == {1: (1.0, 0.0, 0), 2: (0.0, 1.0, 0)}


def test_a_tie_without_a_playoff_is_half_a_win_each(thai_table, director):
    round_, pairing = thai_table
    record_tie(pairing, director)
    rows = {
        row.player: (row.wins, row.losses) for row in division_rows(round_.division).standings()
    }
    assert rows == {1: (0.5, 0.5), 2: (0.5, 0.5)}


def test_a_playoff_winner_on_a_game_that_is_not_tied_is_refused(thai_table, director):
    _round, pairing = thai_table
    with pytest.raises(services.ResultRefused, match="Only a tied game has a play-off"):
        services.result_record(
            by=director,
            pairing_id=pairing.pk,
            first_score=401,
            second_score=400,
            expected_version=None,
            playoff_winner_id=pairing.first_id,
        )
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.playoff_winner_id) == (None, None)


def test_undoing_a_playoff_result_restores_the_draw_before_it(thai_table, director):
    _round, pairing = thai_table
    record_tie(pairing, director)
    record_tie(pairing, director, winner=pairing.first_id)
    last = AuditEntry.objects.filter(action="result.record").latest("id")
    assert last.after["playoff_winner"] == pairing.first_id
    services.audit_undo(by=director, entry_id=last.pk)
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.playoff_winner_id) == (400, None)


def test_entering_a_tie_under_playoff_rules_asks_who_won(thai_table, director):
    round_, pairing = thai_table
    shown = Shown(pairing.pk, pairing.version)
    asked = result_lines.result_enter_line(
        by=director, round_=round_, line="1 400 400", shown=shown
    )
    assert asked.state == LineState.TIE_BREAK_WORD
    pairing.refresh_from_db()
    assert pairing.first_score is None
    saved = result_lines.result_enter_line(
        by=director,
        round_=round_,
        line="1 400 400",
        shown=shown,
        playoff_winner_id=pairing.second_id,
    )
    assert saved.state == LineState.SAVED
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score, pairing.playoff_winner_id) == (
        400,
        400,
        pairing.second_id,
    )


def test_a_tie_under_other_rules_stays_a_draw(director):
    event = factories.tournament(director=director, rules_preset="naspa")
    division = factories.division(event)
    round_ = factories.round_with_pairings(division, factories.entries(division, 2))
    pairing = round_.pairings.get()
    saved = result_lines.result_enter_line(
        by=director,
        round_=round_,
        line="1 400 400",
        shown=Shown(pairing.pk, pairing.version),
        playoff_winner_id=pairing.first_id,  # ignored: these rules have no play-off
    )
    assert saved.state == LineState.SAVED
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.playoff_winner_id) == (400, None)


def test_the_entry_page_offers_a_button_per_player(client, director, thai_table):
    round_, pairing = thai_table
    client.force_login(director)
    url = reverse(
        "tournaments:results",
        args=[round_.division.tournament.slug, round_.division.name, round_.number],
    )
    data = {"line": "1 400 400", "pairing": pairing.pk, "version": pairing.version}
    asked = client.post(url, data, **HTMX)
    assert 'data-state="playoff"' in asked.text
    assert f'name="playoff" value="{pairing.second_id}"' in asked.text
    saved = client.post(url, data | {"playoff": pairing.second_id}, **HTMX)
    assert 'data-state="saved"' in saved.text and "tie won by #2" in saved.text
    assert Pairing.objects.get().playoff_winner_id == pairing.second_id


def test_a_tie_under_rules_that_give_it_to_who_led_before_the_racks_asks_who_led(client, director):
    # The sheet of such a game names a winner (tests/games/test_tournament_results.py); a typed
    # tie must be able to say the same, or the standings would count a draw the sheet does not.
    event = factories.tournament(director=director, rules_preset="home")
    division = factories.division(event)
    round_ = factories.round_with_pairings(division, factories.entries(division, 2))
    pairing = round_.pairings.get()
    client.force_login(director)
    url = reverse("tournaments:results", args=[event.slug, division.name, round_.number])
    data = {"line": "1 400 400", "pairing": pairing.pk, "version": pairing.version}
    asked = client.post(url, data, **HTMX).text
    assert 'data-state="playoff"' in asked and "Who led?" in asked
    assert f"{pairing.second.player.name} led before the racks" in asked
    assert "play-off" not in asked
    saved = client.post(url, data | {"playoff": pairing.second_id}, **HTMX)
    assert 'data-state="saved"' in saved.text and "tie won by #2" in saved.text
    assert Pairing.objects.get().playoff_winner_id == pairing.second_id


# The scoresheet's own play-off -----------------------------------------------------------------


# 8H ZA scores 22, 7I QI 42; after six scoreless turns each side loses its rack: 7 and 27
# (the blank counts 0 under the Thai rules), a tie at 15-15.
OPENING = ("8H ZA", "7I QI")
EQUAL_RACKS = ("AEEIINO", "JXKDGAE")


def tied_sheet(director, pairing=None, preset="thai"):
    """A sheet ended by six scoreless turns, the racks then given: a tie at 15-15."""
    from games.end_racks import awaiting_racks
    from games.services.end_racks import end_racks_record
    from games.services.games import turn_record

    first, second = (pairing.first.player, pairing.second.player) if pairing else (None, None)
    game = factories.game(first, second, pairing=pairing, rules_preset=preset, created_by=director)
    for move in (*OPENING, *["-"] * 6):
        game = turn_record(by=director, game=game, move=move)
    assert (game.is_over, awaiting_racks(game), game.scores) == (True, [0, 1], (22, 42))
    game = end_racks_record(by=director, game=game, racks=EQUAL_RACKS)
    assert (game.first_score, game.second_score, game.winner) == (15, 15, None)
    return game


def play_off(director, game, words=("QUIXOTE", "ZEBRA"), scores=(80, 40)):
    from games.services.playoff import playoff_record

    return playoff_record(by=director, game=game, words=words, scores=scores)


def test_a_tied_thai_sheet_asks_for_a_playoff_until_one_side_scores_more(director):
    from games.playoffs import sheet_playoff

    game = tied_sheet(director)
    assert (sheet_playoff(game).asking, sheet_playoff(game).attempts) == (True, [])
    game = play_off(director, game, words=("quiet", "zebra"), scores=(40, 40))
    playoff = sheet_playoff(game)
    assert (playoff.asking, playoff.winner, game.playoff_words) == (
        True,
        None,
        [{"words": ["QUIET", "ZEBRA"], "scores": [40, 40]}],
    )
    game = play_off(director, game, words=("OX", "JINXED"), scores=(18, 38))
    playoff = sheet_playoff(game)
    assert (playoff.asking, playoff.winner, len(playoff.attempts)) == (False, 1, 2)
    entry = AuditEntry.objects.filter(action="game.playoff").latest("id")
    assert entry.after["winner"] == 1 and len(entry.before["playoff_words"]) == 1


@pytest.mark.parametrize(
    ("words", "scores", "message"),
    [
        (("ABCDEFGH", "ZEBRA"), (10, 20), "“ABCDEFGH” is not a play-off word"),
        (("", "ZEBRA"), (10, 20), "is not a play-off word"),
        (("CAT3", "ZEBRA"), (10, 20), "“CAT3” is not a play-off word"),
        (("CAT", "ZEBRA"), (1001, 20), "1001 is not a play-off score"),
        (("CAT", "ZEBRA"), (10, -1), "-1 is not a play-off score"),
    ],
)
def test_a_bad_playoff_word_or_score_is_refused_and_nothing_is_kept(
    director, words, scores, message
):
    from games.services.games import GameRefused

    game = tied_sheet(director)
    with pytest.raises(GameRefused, match=message):
        play_off(director, game, words=words, scores=scores)
    game.refresh_from_db()
    assert game.playoff_words == []


def test_the_playoff_limits_are_inclusive(director):
    game = play_off(director, tied_sheet(director), words=("ABCDEFG", "A"), scores=(1000, 0))
    assert game.playoff_words == [{"words": ["ABCDEFG", "A"], "scores": [1000, 0]}]


def test_a_decided_playoff_is_not_played_again(director):
    from games.services.games import GameRefused

    game = play_off(director, tied_sheet(director))
    with pytest.raises(GameRefused, match="The play-off is decided"):
        play_off(director, game)


def test_a_tie_under_other_rules_has_no_playoff(director):
    from games.services.games import GameRefused

    game = tied_sheet(director, preset="naspa")
    with pytest.raises(GameRefused, match="Only a game that ended in a tie"):
        play_off(director, game)


def test_undoing_the_last_turn_drops_the_playoff(director):
    from games.services.games import turn_undo_last

    game = play_off(director, tied_sheet(director))
    game = turn_undo_last(by=director, game=game)
    game.refresh_from_db()
    assert (game.is_over, game.playoff_words) == (False, [])


def test_the_sheet_gives_its_pairing_the_playoff_winner_only_once_decided(thai_table, director):
    _round, pairing = thai_table
    game = tied_sheet(director, pairing=pairing)
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.playoff_winner_id) == (None, None)
    game = play_off(director, game, scores=(30, 30))
    pairing.refresh_from_db()
    assert pairing.first_score is None
    play_off(director, game, scores=(12, 30))
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score, pairing.playoff_winner_id) == (
        15,
        15,
        pairing.second_id,
    )
    entry = AuditEntry.objects.filter(action="result.record").latest("id")
    assert entry.after["playoff_winner"] == pairing.second_id


def test_the_sheet_page_asks_for_the_playoff_and_keeps_an_equal_attempt(client, director):
    game = tied_sheet(director)
    client.force_login(director)
    url = reverse("games:playoff", args=[game.pk])
    page = client.get(reverse("games:sheet", args=[game.pk])).text
    assert "data-playoff" in page and 'name="first_word"' in page
    again = client.post(
        url, {"first_word": "cat", "first_score": 5, "second_word": "dog", "second_score": 5}
    )
    page = client.get(again["Location"]).text
    assert 'data-attempt="1"' in page and "equal: another play-off" in page
    assert 'name="first_word"' in page
    client.post(
        url, {"first_word": "ZAX", "first_score": 19, "second_word": "DOG", "second_score": 5}
    )
    page = client.get(reverse("games:sheet", args=[game.pk])).text
    assert 'data-attempt="2"' in page and 'name="first_word"' not in page
    assert f"{game.first_player.name} won the play-off" in page


def test_a_playoff_score_out_of_bounds_is_shown_on_the_sheet(client, director):
    game = tied_sheet(director)
    client.force_login(director)
    response = client.post(
        reverse("games:playoff", args=[game.pk]),
        {"first_word": "CAT", "first_score": 1001, "second_word": "DOG", "second_score": 5},
    )
    assert response.status_code == 200
    assert "from 0 to 1000" in response.text
    game.refresh_from_db()
    assert game.playoff_words == []


def test_the_sheet_page_shows_the_rules_by_name_and_in_sentences(client, director):
    game = factories.game(rules_preset="thai", created_by=director)
    client.force_login(director)
    page = client.get(reverse("games:sheet", args=[game.pk])).text
    assert "Rules: Thai association" in page
    assert "A tie is settled by a play-off" in page
