"""A result recorded at the desk (or as a forfeit, or by an undo) closes the players' reports
still open on its game, and a director cannot accept a report over a result already in."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from core.audit_text import describe_entries
from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing, ScoreReport
from tournaments.selectors.self_reports import report_counts, report_queue
from tournaments.services import results as result_services
from tournaments.services import self_reporting
from tournaments.services.self_reporting import ReportRefused, report_accept, report_submit

pytestmark = pytest.mark.django_db


def field(event):
    """Division A of ``event`` with self-reporting on: four players, round 1 paired."""
    event.self_reporting = True
    event.save(update_fields=["self_reporting"])
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 4))
    return division, Pairing.objects.filter(round__division=division).order_by("table").first()


def report(game, scores=(400, 300)) -> ScoreReport:
    """The first player's report of ``game``, from their personal link."""
    return report_submit(
        by=None,
        as_entry_id=game.first_id,
        pairing_id=game.pk,
        first_score=scores[0],
        second_score=scores[1],
    )


def record(director, game, scores=(350, 380), **fields):
    return result_services.result_record(
        by=director,
        pairing_id=game.pk,
        first_score=scores[0],
        second_score=scores[1],
        expected_version=game.version,
        **fields,
    )


def logged(action: str) -> tuple:
    """The one audit entry of ``action`` on a report: who, which report, its status after, and
    the sentence the audit log reads."""
    entry = AuditEntry.objects.get(action=action)
    return entry.actor, entry.object_id, entry.after["status"], describe_entries([entry])[0].text


def test_a_report_on_a_game_without_a_result_waits_in_the_queue(event):
    division, game = field(event)
    sent = report(game)
    assert [item["pairing"].pk for item in report_queue(division)] == [game.pk]
    assert report_counts(division).waiting == 1
    sent.refresh_from_db()
    assert (sent.status, sent.settled_at) == ("submitted", None)


def test_the_directors_result_supersedes_the_open_report_audited(event, director):
    division, game = field(event)
    sent = report(game)
    record(director, game)
    sent.refresh_from_db()
    assert sent.status == ScoreReport.Status.SUPERSEDED and sent.settled_at is not None
    assert (report_queue(division), report_counts(division).waiting) == ([], 0)
    assert logged("score_report.supersede") == (
        director,
        str(sent.pk),
        "superseded",
        f"The report of {game.first.player.name} (400–300) at table 1, round 1, was "
        "superseded by the result entered",
    )


def test_a_forfeit_entered_at_the_desk_supersedes_the_open_report(event, director):
    division, game = field(event)
    sent = report(game)
    record(director, game, (None, None), kind=Pairing.Kind.FORFEIT, forfeited_by_id=game.second_id)
    sent.refresh_from_db()
    assert sent.status == ScoreReport.Status.SUPERSEDED
    assert report_counts(division).waiting == 0


def test_clearing_a_result_closes_no_report_and_an_undo_that_restores_one_does(event, director):
    division, game = field(event)
    record(director, game)
    result_services.result_clear(by=director, pairing_id=game.pk, expected_version=1)
    sent = report(game)
    assert report_counts(division).waiting == 1
    cleared = AuditEntry.objects.get(action="result.clear")
    result_services.audit_undo(by=director, entry_id=cleared.pk)
    sent.refresh_from_db()
    assert sent.status == ScoreReport.Status.SUPERSEDED
    assert report_counts(division).waiting == 0


def test_agreeing_reports_are_confirmed_not_superseded(event):
    division, game = field(event)
    report(game)
    report_submit(
        by=None, as_entry_id=game.second_id, pairing_id=game.pk, first_score=400, second_score=300
    )
    game.refresh_from_db()
    assert (game.first_score, game.second_score) == (400, 300)
    assert list(ScoreReport.objects.values_list("status", flat=True)) == ["confirmed"] * 2
    assert not AuditEntry.objects.filter(action="score_report.supersede").exists()


def test_accepting_a_report_of_a_game_with_a_result_is_refused_and_changes_nothing(event, director):
    division, game = field(event)
    sent = report(game)
    record(director, game)
    with pytest.raises(ReportRefused) as err:
        report_accept(by=director, report_id=sent.pk)
    assert err.value.template == self_reporting.RESULT_IN
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.version) == (350, 380, 1)
    assert not AuditEntry.objects.filter(action="score_report.accept").exists()


def test_accepting_a_report_of_a_game_without_a_result_records_it(event, director):
    division, game = field(event)
    sent = report(game)
    report_accept(by=director, report_id=sent.pk)
    game.refresh_from_db()
    sent.refresh_from_db()
    assert (game.first_score, game.second_score, sent.status) == (400, 300, "accepted")


def test_the_queue_says_why_accept_is_refused_and_keeps_the_tie_winner(client, director):
    event = factories.tournament(director=director, rules_preset="thai")
    division, game = field(event)
    sent = report(game, (390, 390))
    record(director, game, (390, 390), playoff_winner_id=game.second_id)
    client.force_login(director)
    url = reverse("tournaments:score_reports", args=[event.slug, division.name])
    response = client.post(url, {"report": sent.pk})
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == [
        "This game already has a result, so the report was not accepted; to change the "
        "result, use the result entry page."
    ]
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.playoff_winner_id) == (
        390,
        390,
        game.second_id,
    )


def test_a_report_left_open_on_a_game_with_a_result_is_not_to_settle(event, director):
    division, game = field(event)
    sent = report(game)
    # As an earlier version left it: the result written, the report still open.
    Pairing.objects.filter(pk=game.pk).update(first_score=350, second_score=380)
    assert (report_queue(division), report_counts(division).waiting) == ([], 0)
    with pytest.raises(ReportRefused) as err:
        report_accept(by=director, report_id=sent.pk)
    assert err.value.template == self_reporting.RESULT_IN


def test_the_result_entry_link_counts_no_game_to_settle_once_every_result_is_in(client, director):
    event = factories.tournament(director=director)
    division, game = field(event)
    report(game)
    client.force_login(director)
    entry = reverse("tournaments:results", args=[event.slug, division.name, 1])
    assert "1 to settle" in client.get(entry).text
    record(director, game)
    assert "0 to settle" in client.get(entry).text


def test_undoing_the_result_that_superseded_a_report_reopens_it_audited(event, director):
    division, game = field(event)
    sent = report(game)
    record(director, game)
    recorded = AuditEntry.objects.get(action="result.record")
    result_services.audit_undo(by=director, entry_id=recorded.pk)
    sent.refresh_from_db()
    assert (sent.status, sent.settled_at) == ("submitted", None)
    assert [item["pairing"].pk for item in report_queue(division)] == [game.pk]
    assert report_counts(division).waiting == 1
    assert logged("score_report.reopen") == (
        director,
        str(sent.pk),
        "submitted",
        f"The report of {game.first.player.name} (400–300) at table 1, round 1, is open "
        "again: the result was undone",
    )


def test_undoing_a_later_result_leaves_a_report_an_earlier_one_superseded_closed(event, director):
    division, game = field(event)
    sent = report(game)
    record(director, game)
    result_services.result_clear(by=director, pairing_id=game.pk, expected_version=1)
    game.refresh_from_db()
    record(director, game, (360, 370))
    second = AuditEntry.objects.filter(action="result.record").latest("pk")
    result_services.audit_undo(by=director, entry_id=second.pk)
    sent.refresh_from_db()
    assert sent.status == ScoreReport.Status.SUPERSEDED
    assert (report_queue(division), report_counts(division).waiting) == ([], 0)
    assert not AuditEntry.objects.filter(action="score_report.reopen").exists()


def test_undoing_an_accepted_tie_puts_both_reports_back_waiting_for_its_winner(director):
    event = factories.tournament(director=director, rules_preset="thai")
    division, game = field(event)
    sent = report(game, (390, 390))
    theirs = report_submit(
        by=None, as_entry_id=game.second_id, pairing_id=game.pk, first_score=390, second_score=390
    )
    report_accept(by=director, report_id=sent.pk, playoff_winner_id=game.second_id)
    recorded = AuditEntry.objects.get(action="result.record")
    result_services.audit_undo(by=director, entry_id=recorded.pk)
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.playoff_winner_id) == (None, None, None)
    statuses = ScoreReport.objects.filter(pk__in=[sent.pk, theirs.pk]).values_list("status")
    assert sorted(s for (s,) in statuses) == ["tie", "tie"]
    queue = report_queue(division)
    assert [(item["pairing"].pk, item["tie"], item["disputed"]) for item in queue] == [
        (game.pk, True, False)
    ]
    assert (report_counts(division).waiting, report_counts(division).disputed) == (1, 0)
