"""A tie reported by the players: recorded as a tie where a tie stands (NASPA), left for a
director to name its winner where the rules give a tie one (Thai: a play-off word; home: who
led before the racks), as the desk asks for it before saving a tie."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing, ScoreReport
from tournaments.selectors.divisions import division_results
from tournaments.selectors.entry_links import entry_token
from tournaments.selectors.self_reports import report_counts, report_queue
from tournaments.services import self_reporting
from tournaments.services.self_reporting import ReportRefused, report_accept, report_submit

pytestmark = pytest.mark.django_db


def field(director, preset: str):
    """Division A under ``preset`` with self-reporting on: four players, round 1 paired; its
    table 1."""
    event = factories.tournament(director=director, rules_preset=preset, self_reporting=True)
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 4))
    return division, Pairing.objects.filter(round__division=division).get(table=1)


def both_report(game, scores=(390, 390)) -> list[ScoreReport]:
    return [
        report_submit(
            by=None,
            as_entry_id=entry,
            pairing_id=game.pk,
            first_score=scores[0],
            second_score=scores[1],
        )  # fmt: skip
        for entry in (game.first_id, game.second_id)
    ]


def wins(division) -> dict[int, float]:
    return {row.player: row.wins for row in division_results(division).standings()}


def test_a_tie_both_players_report_is_recorded_where_a_tie_stands(director):
    division, game = field(director, "naspa")
    both_report(game)
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.playoff_winner_id) == (390, 390, None)
    assert list(ScoreReport.objects.values_list("status", flat=True)) == ["confirmed"] * 2
    assert (wins(division)[1], wins(division)[2]) == (0.5, 0.5)


def test_a_tie_both_players_report_waits_for_a_director_where_the_rules_give_a_winner(
    director,
):
    division, game = field(director, "thai")
    both_report(game)
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.version) == (None, None, 0)
    assert list(ScoreReport.objects.values_list("status", flat=True)) == ["tie"] * 2
    assert AuditEntry.objects.filter(action="score_report.tie").count() == 2
    assert not AuditEntry.objects.filter(action="result.record").exists()
    queue = report_queue(division)
    assert [(item["pairing"].pk, item["tie"], item["disputed"]) for item in queue] == [
        (game.pk, True, False)
    ]
    assert report_counts(division).waiting == 1


def test_agreeing_scores_that_are_no_tie_are_recorded_under_the_same_rules(director):
    division, game = field(director, "thai")
    both_report(game, (420, 380))
    game.refresh_from_db()
    assert (game.first_score, game.second_score) == (420, 380)
    assert report_counts(division).waiting == 0


def test_accepting_a_tie_without_its_winner_is_refused_and_changes_nothing(director):
    division, game = field(director, "thai")
    first, _second = both_report(game)
    with pytest.raises(ReportRefused) as err:
        report_accept(by=director, report_id=first.pk)
    assert err.value.template == self_reporting.TIE_WINNER
    game.refresh_from_db()
    assert (game.first_score, game.version) == (None, 0)
    assert list(ScoreReport.objects.values_list("status", flat=True)) == ["tie"] * 2


def test_accepting_a_tie_with_its_winner_records_the_winner(director):
    division, game = field(director, "thai")
    first, _second = both_report(game)
    report_accept(by=director, report_id=first.pk, playoff_winner_id=game.second_id)
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.playoff_winner_id) == (
        390,
        390,
        game.second_id,
    )
    assert list(ScoreReport.objects.values_list("status", flat=True)) == ["accepted"] * 2
    assert (wins(division)[1], wins(division)[2]) == (0.0, 1.0)
    assert report_counts(division).waiting == 0


def test_a_single_tie_report_too_is_accepted_only_with_its_winner(director):
    division, game = field(director, "thai")
    sent = report_submit(
        by=None, as_entry_id=game.first_id, pairing_id=game.pk, first_score=390, second_score=390
    )
    assert sent.status == "submitted"
    with pytest.raises(ReportRefused):
        report_accept(by=director, report_id=sent.pk)
    report_accept(by=director, report_id=sent.pk, playoff_winner_id=game.first_id)
    game.refresh_from_db()
    assert game.playoff_winner_id == game.first_id


def test_accepting_a_tie_where_a_tie_stands_needs_no_winner(director):
    division, game = field(director, "naspa")
    sent = report_submit(
        by=None, as_entry_id=game.first_id, pairing_id=game.pk, first_score=390, second_score=390
    )
    report_accept(by=director, report_id=sent.pk, playoff_winner_id=game.second_id)
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.playoff_winner_id) == (390, 390, None)


def queue_url(division) -> str:
    return reverse("tournaments:score_reports", args=[division.tournament.slug, division.name])


@pytest.mark.parametrize(
    ("preset", "question", "button"),
    [
        ("thai", "Who won the play-off?", "won the play-off"),
        ("home", "Who led?", "led before the racks"),
    ],
)
def test_the_queue_asks_who_won_the_tie_and_records_the_answer(
    client, director, preset, question, button
):
    division, game = field(director, preset)
    first, _second = both_report(game)
    client.force_login(director)
    page = client.get(queue_url(division)).text
    assert "A tie: waiting for a director to name its winner" in page
    assert question in page
    for entry in (game.first, game.second):
        assert (
            f'<button type="submit" name="playoff_winner" value="{entry.pk}">'
            f"{entry.player.name} {button}</button>"
        ) in page
    assert "data-queue-key" not in page
    client.post(queue_url(division), {"report": first.pk, "playoff_winner": game.first_id})
    game.refresh_from_db()
    assert (game.first_score, game.playoff_winner_id) == (390, game.first_id)


def test_the_queue_says_a_tie_needs_its_winner_when_none_is_posted(client, director):
    division, game = field(director, "thai")
    first, _second = both_report(game)
    client.force_login(director)
    response = client.post(queue_url(division), {"report": first.pk})
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "A tie: under this division's rules it has a winner. Choose who won it to accept the "
        "report."
    ]
    game.refresh_from_db()
    assert game.first_score is None


def test_the_queue_offers_a_plain_accept_for_a_tie_where_a_tie_stands(client, director):
    division, game = field(director, "naspa")
    report_submit(
        by=None, as_entry_id=game.first_id, pairing_id=game.pk, first_score=390, second_score=390
    )
    client.force_login(director)
    page = client.get(queue_url(division)).text
    assert 'name="playoff_winner"' not in page and 'data-queue-key="1"' in page


def test_the_players_link_says_a_director_names_the_winner_of_their_tie(client, director):
    division, game = field(director, "thai")
    both_report(game)
    link = reverse(
        "tournaments:entry_link", args=[division.tournament.slug, entry_token(game.first_id)]
    )
    page = client.get(link).text
    assert (
        "You both reported this tie; under this division's rules it has a winner, whom a "
        "director will enter."
    ) in page
    assert "Confirm these scores" not in page and "waiting for your opponent" not in page
