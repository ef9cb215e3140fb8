"""Players report their own scores; the game counts once both agree or a director accepts."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tests.tournaments import reports_world
from tournaments.models import Pairing, ScoreReport
from tournaments.services import self_reporting
from tournaments.services.self_reporting import ReportRefused, report_accept, report_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    """Round 3, table 2: #4 (first) v #2, both players with user accounts."""
    division = reports_world.build(self_reporting=True)
    pairing = Pairing.objects.select_related("first__player", "second__player").get(
        round__division=division, round__number=3, table=2
    )
    for entry in (pairing.first, pairing.second):
        entry.player.user = factories.user()
        entry.player.save()
    return pairing


def users(pairing):
    return pairing.first.player.user, pairing.second.player.user


def test_matching_reports_write_the_result_through_the_result_service(game):
    first, second = users(game)
    report_submit(by=first, pairing_id=game.pk, first_score=410, second_score=380)
    game.refresh_from_db()
    assert game.first_score is None  # one report is not enough
    report_submit(by=second, pairing_id=game.pk, first_score=410, second_score=380)
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.version) == (410, 380, 1)
    assert set(ScoreReport.objects.values_list("status", flat=True)) == {"confirmed"}
    assert AuditEntry.objects.filter(action="result.record").count() == 1


def test_disagreeing_reports_are_disputed_and_nothing_is_written(game):
    first, second = users(game)
    report_submit(by=first, pairing_id=game.pk, first_score=410, second_score=380)
    report_submit(by=second, pairing_id=game.pk, first_score=380, second_score=410)
    game.refresh_from_db()
    assert game.first_score is None
    assert sorted(ScoreReport.objects.values_list("status", flat=True)) == ["disputed", "disputed"]


def test_director_accepts_one_disputed_report(game, director):
    game.round.division.tournament.roles.create(user=director, role="director")
    first, second = users(game)
    report_submit(by=first, pairing_id=game.pk, first_score=410, second_score=380)
    theirs = report_submit(by=second, pairing_id=game.pk, first_score=380, second_score=410)
    report_accept(by=director, report_id=theirs.pk)
    game.refresh_from_db()
    assert (game.first_score, game.second_score) == (380, 410)
    statuses = dict(ScoreReport.objects.values_list("pk", "status"))
    assert statuses[theirs.pk] == "accepted" and sorted(statuses.values()) == [
        "accepted",
        "withdrawn",
    ]


def test_a_player_correcting_their_report_withdraws_the_old_one(game):
    first, _second = users(game)
    report_submit(by=first, pairing_id=game.pk, first_score=410, second_score=380)
    report_submit(by=first, pairing_id=game.pk, first_score=411, second_score=380)
    assert sorted(ScoreReport.objects.values_list("status", flat=True)) == [
        "submitted",
        "withdrawn",
    ]


def test_refusals(game, stranger):
    first, second = users(game)
    with pytest.raises(ReportRefused) as err:
        report_submit(by=stranger, pairing_id=game.pk, first_score=1, second_score=2)
    assert err.value.template == self_reporting.NOT_YOURS
    with pytest.raises(ReportRefused):
        report_submit(by=first, pairing_id=game.pk, first_score=-1, second_score=2)
    Pairing.objects.filter(pk=game.pk).update(first_score=400, second_score=300)
    with pytest.raises(ReportRefused) as err:
        report_submit(by=first, pairing_id=game.pk, first_score=401, second_score=300)
    assert err.value.template == self_reporting.ALREADY_IN


def test_reporting_must_be_switched_on(game):
    tournament = game.round.division.tournament
    tournament.self_reporting = False
    tournament.save()
    with pytest.raises(ReportRefused) as err:
        report_submit(by=users(game)[0], pairing_id=game.pk, first_score=400, second_score=300)
    assert err.value.template == self_reporting.OFF


def test_stranger_cannot_accept(game, stranger):
    report = report_submit(by=users(game)[0], pairing_id=game.pk, first_score=400, second_score=300)
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        report_accept(by=stranger, report_id=report.pk)


def test_player_page_form_then_opponent_confirms_in_the_browserless_flow(client, game):
    first, second = users(game)
    kw = {"tournament_slug": "spring-open", "division_name": "A"}
    client.force_login(first)
    page = client.get(
        reverse("tournaments:public_player", kwargs=kw | {"player_number": 4})
    ).content.decode()
    assert "Report your score" in page
    post = reverse("tournaments:self_report", kwargs=kw | {"player_number": 4})
    client.post(post, {"pairing": game.pk, "first_score": 410, "second_score": 380})
    client.force_login(second)
    page = client.get(
        reverse("tournaments:public_player", kwargs=kw | {"player_number": 2})
    ).content.decode()
    assert "Your opponent reported 410–380" in page and "Confirm these scores" in page
    client.post(
        reverse("tournaments:self_report", kwargs=kw | {"player_number": 2}),
        {"pairing": game.pk, "first_score": 410, "second_score": 380},
    )
    game.refresh_from_db()
    assert (game.first_score, game.second_score) == (410, 380)


def test_someone_elses_game_is_forbidden(client, game, stranger):
    client.force_login(stranger)
    url = reverse(
        "tournaments:self_report",
        kwargs={"tournament_slug": "spring-open", "division_name": "A", "player_number": 4},
    )
    assert (
        client.post(url, {"pairing": game.pk, "first_score": 1, "second_score": 2}).status_code
        == 403
    )
    assert ScoreReport.objects.count() == 0
