"""Ties broken by a play-off word (seed 004): the pairing records who won it, standings count it,
and the result entry page asks for it; a tie under other rules stays a draw."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing
from tournaments.outcomes import Outcome, pairing_outcomes
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
    assert asked.state == LineState.PLAYOFF
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
    assert 'data-state="saved"' in saved.text and "#2 won the play-off" in saved.text
    assert Pairing.objects.get().playoff_winner_id == pairing.second_id
